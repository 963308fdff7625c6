// CPU backend of the primitives (primitives.hpp): OpenMP over contiguous
// chunks, one per thread; cpu{1} runs the same code with one chunk and is the
// sequential reference. Templates, so user operators and comparators work.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include "ordo/detail/merge_path.hpp"
#include "ordo/detail/primitives_checks.hpp"
#include "ordo/execution.hpp"
#include "ordo/ops.hpp"

namespace ordo::detail {

// Below this many elements one thread does the work (thread start-up costs more).
inline constexpr std::size_t cpu_serial_below = std::size_t(1) << 15;

inline int cpu_chunks(const cpu& exec, std::size_t n) {
  if (n < cpu_serial_below) return 1;
  return std::max(1, exec.resolved_threads());
}
inline std::size_t chunk_begin(std::size_t n, int chunks, int c) {
  return std::size_t((unsigned __int128)n * unsigned(c) / unsigned(chunks));
}

// A partial fold that may be empty: exclusive scans and reductions need no
// identity element this way.
template <class T>
struct partial {
  bool has = false;
  T v{};
};
template <class T, class Op>
partial<T> combine(const partial<T>& a, const partial<T>& b, Op& op) {
  if (!a.has) return b;
  if (!b.has) return a;
  return {true, op(a.v, b.v)};
}

// --- scan -----------------------------------------------------------------
template <class T, class Op>
void scan_cpu(const cpu& exec, std::span<const T> in, std::span<T> out, Op op, T init, const scan_options& o) {
  check_scan_args(in.size(), out.size(), o.head_flags.size());
  const std::size_t n = in.size();
  const std::uint8_t* flags = o.head_flags.empty() ? nullptr : o.head_flags.data();
  const bool exclusive = o.kind == scan_kind::exclusive;
  const int chunks = cpu_chunks(exec, n);
  // Per chunk: the fold since its last head, and whether it had one.
  std::vector<partial<T>> tail(chunks), carry(chunks);
  std::vector<char> had_head(chunks, 0);
#pragma omp parallel for num_threads(chunks) schedule(static, 1) if (chunks > 1)
  for (int c = 0; c < chunks; ++c) {
    partial<T> acc;
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      if (i == 0 || (flags && flags[i])) acc.has = false, had_head[c] = 1;
      acc = acc.has ? partial<T>{true, op(acc.v, in[i])} : partial<T>{true, in[i]};
    }
    tail[c] = acc;
  }
  for (int c = 1; c < chunks; ++c) carry[c] = had_head[c - 1] ? tail[c - 1] : combine(carry[c - 1], tail[c - 1], op);
#pragma omp parallel for num_threads(chunks) schedule(static, 1) if (chunks > 1)
  for (int c = 0; c < chunks; ++c) {
    partial<T> acc = carry[c];
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      const T x = in[i];  // read before writing: out may alias in
      if (i == 0 || (flags && flags[i])) acc.has = false;
      if (exclusive) out[i] = acc.has ? op(init, acc.v) : init;
      acc = acc.has ? partial<T>{true, op(acc.v, x)} : partial<T>{true, x};
      if (!exclusive) out[i] = op(init, acc.v);
    }
  }
}

// --- reduce ---------------------------------------------------------------
template <class T, class Op>
T reduce_cpu(const cpu& exec, std::span<const T> in, Op op, T init) {
  const std::size_t n = in.size();
  const int chunks = cpu_chunks(exec, n);
  std::vector<partial<T>> part(chunks);
#pragma omp parallel for num_threads(chunks) schedule(static, 1) if (chunks > 1)
  for (int c = 0; c < chunks; ++c) {
    partial<T> acc;
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i)
      acc = acc.has ? partial<T>{true, op(acc.v, in[i])} : partial<T>{true, in[i]};
    part[c] = acc;
  }
  partial<T> all{true, init};
  for (auto& p : part) all = combine(all, p, op);
  return all.v;
}

// --- compact and split ----------------------------------------------------
// Stable scatter of in[i] to out[base of its class + rank within class]; the
// class of i is cls(i) in [0, k). Returns the class sizes.
template <class T, class Class>
std::vector<std::uint64_t> stable_scatter_cpu(const cpu& exec, std::span<const T> in, std::span<T> out, unsigned k,
                                              Class cls, bool keep_all) {
  const std::size_t n = in.size();
  const int chunks = cpu_chunks(exec, n);
  std::vector<std::uint64_t> hist(std::size_t(chunks) * k, 0);  // [chunk][class]
#pragma omp parallel for num_threads(chunks) schedule(static, 1) if (chunks > 1)
  for (int c = 0; c < chunks; ++c) {
    std::uint64_t* h = &hist[std::size_t(c) * k];
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) ++h[cls(i)];
  }
  std::vector<std::uint64_t> sizes(k, 0);
  std::uint64_t run = 0;
  for (unsigned b = 0; b < k; ++b)
    for (int c = 0; c < chunks; ++c) {
      std::uint64_t& h = hist[std::size_t(c) * k + b];
      sizes[b] += h;
      const std::uint64_t cnt = h;
      h = run;
      run += cnt;
    }
#pragma omp parallel for num_threads(chunks) schedule(static, 1) if (chunks > 1)
  for (int c = 0; c < chunks; ++c) {
    std::uint64_t* h = &hist[std::size_t(c) * k];
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      const unsigned b = cls(i);
      if (keep_all || b + 1 < k) out[h[b]++] = in[i];  // the last class is dropped unless keep_all
    }
  }
  return sizes;
}

// --- fork -----------------------------------------------------------------
template <class Count>
std::vector<std::uint64_t> fork_offsets_cpu(std::span<const Count> counts) {
  std::vector<std::uint64_t> off(counts.size() + 1, 0);
  for (std::size_t i = 0; i < counts.size(); ++i) off[i + 1] = off[i] + std::uint64_t(counts[i]);
  return off;
}

template <class Count, class Index>
void fork_cpu(const cpu& exec, std::span<const Count> counts, std::span<Index> parent, std::span<Index> sibling,
              const fork_options& o) {
  if (!sibling.empty()) check_same_size("fork", "sibling", sibling.size(), "parent", parent.size());
  check_index_fits<Index>("fork", std::max(counts.size(), parent.size()));
  const std::vector<std::uint64_t> off = fork_offsets_cpu(counts);
  const std::uint64_t total = off.back();
  if (total != parent.size()) fail_fork_total(total, parent.size());
  const std::size_t np = counts.size();
  const int chunks = cpu_chunks(exec, total);
  if (o.variant == fork_variant::doubling) {
    // Listing 1: parents still owed children fill 1, 2, 4, ... entries per
    // round, then drop out once done (the kill/compact step).
    struct owed { std::uint64_t first; std::uint64_t left; Index id; };
    std::vector<owed> live, next;
    for (std::size_t i = 0; i < np; ++i)
      if (counts[i]) live.push_back({off[i], std::uint64_t(counts[i]), Index(i)});
    for (std::uint64_t sz = 1; !live.empty(); sz *= 2) {
      const std::int64_t nl = std::int64_t(live.size());
#pragma omp parallel for num_threads(chunks) schedule(static) if (chunks > 1)
      for (std::int64_t j = 0; j < nl; ++j) {
        const owed& p = live[j];
        for (std::uint64_t f = 0; f < std::min(sz, p.left); ++f) parent[p.first + f] = p.id;
      }
      next.clear();
      for (const owed& p : live)
        if (p.left > sz) next.push_back({p.first + sz, p.left - sz, p.id});
      live.swap(next);
    }
    if (!sibling.empty()) {
#pragma omp parallel for num_threads(chunks) schedule(static) if (chunks > 1)
      for (std::int64_t c = 0; c < std::int64_t(total); ++c) sibling[c] = Index(c - off[parent[c]]);
    }
    return;
  }
  // Load-balanced: each chunk of children finds its first parent by binary
  // search over the offsets, then walks parents and children together.
#pragma omp parallel for num_threads(chunks) schedule(static, 1) if (chunks > 1)
  for (int c = 0; c < chunks; ++c) {
    const std::uint64_t b = chunk_begin(total, chunks, c), e = chunk_begin(total, chunks, c + 1);
    if (b == e) continue;
    std::size_t p = std::size_t(std::upper_bound(off.begin(), off.end(), b) - off.begin()) - 1;
    for (std::uint64_t k = b; k < e; ++k) {
      while (off[p + 1] <= k) ++p;
      parent[k] = Index(p);
      if (!sibling.empty()) sibling[k] = Index(k - off[p]);
    }
  }
}

// --- merge ----------------------------------------------------------------
// Merges a and b into out (keys, and values when V is not void) with the work
// split by merge path into equal pieces, one per chunk.
template <class K, class V, class Compare>
void merge_cpu(int chunks, const K* a, const V* av, std::size_t na, const K* b, const V* bv, std::size_t nb, K* out,
               V* outv, Compare comp) {
  const std::size_t n = na + nb;
#pragma omp parallel for num_threads(chunks) schedule(static, 1) if (chunks > 1)
  for (int c = 0; c < chunks; ++c) {
    const std::size_t d0 = chunk_begin(n, chunks, c), d1 = chunk_begin(n, chunks, c + 1);
    std::size_t i = merge_path_split(a, na, b, nb, d0, comp), j = d0 - i;
    const std::size_t ie = merge_path_split(a, na, b, nb, d1, comp), je = d1 - ie;
    for (std::size_t k = d0; k < d1; ++k) {
      const bool take_b = i == ie || (j < je && comp(b[j], a[i]));
      if (take_b) {
        out[k] = b[j];
        if (outv) outv[k] = bv[j];
        ++j;
      } else {
        out[k] = a[i];
        if (outv) outv[k] = av[i];
        ++i;
      }
    }
  }
}

// --- sort_idx -------------------------------------------------------------
template <class Key, class Index, class Compare>
void sort_idx_cpu(const cpu& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys,
                  Compare comp, const sort_idx_options& o) {
  check_same_size("sort_idx", "perm", perm.size(), "keys", keys.size());
  if (!sorted_keys.empty()) check_same_size("sort_idx", "sorted_keys", sorted_keys.size(), "keys", keys.size());
  check_index_fits<Index>("sort_idx", keys.size());
  const std::size_t n = keys.size();
  const int chunks = cpu_chunks(exec, n);
  std::vector<Key> ka(keys.begin(), keys.end()), kb(n);
  std::vector<Index> ia(n), ib(n);
  std::iota(ia.begin(), ia.end(), Index(0));
  std::size_t m = 1;  // ka/ia are m-sorted
  if (o.variant != sort_idx_variant::binary_search) {
    // Chunks sorted on their own (stable), then merged pairwise; each merge
    // is split across every thread by merge path.
    m = (n + chunks - 1) / std::max(chunks, 1);
    m = std::max<std::size_t>(m, 1);
#pragma omp parallel for num_threads(chunks) schedule(static, 1) if (chunks > 1)
    for (int c = 0; c < chunks; ++c) {
      // (key, index) pairs by value: sorting indices that point into the
      // keys would make every comparison a cache miss.
      const std::size_t b = std::min(n, std::size_t(c) * m), e = std::min(n, b + m);
      std::vector<std::pair<Key, Index>> pairs(e - b);
      for (std::size_t i = b; i < e; ++i) pairs[i - b] = {keys[i], Index(i)};
      std::stable_sort(pairs.begin(), pairs.end(), [&](const auto& x, const auto& y) { return comp(x.first, y.first); });
      for (std::size_t i = b; i < e; ++i) ka[i] = pairs[i - b].first, ia[i] = pairs[i - b].second;
    }
    for (; m < n; m *= 2) {
      for (std::size_t s = 0; s < n; s += 2 * m) {
        const std::size_t na = std::min(m, n - s), nb = std::min(m, n - s - na);
        merge_cpu(nb ? chunks : 1, &ka[s], &ia[s], na, &ka[s + na], &ia[s + na], nb, &kb[s], &ib[s], comp);
      }
      ka.swap(kb);
      ia.swap(ib);
    }
  } else {
    // Listing 2: every element finds its place in the merged run from its
    // offset in its own run plus a binary search in the neighbouring run.
    for (; m < n; m *= 2) {
#pragma omp parallel for num_threads(chunks) schedule(static) if (chunks > 1)
      for (std::int64_t id = 0; id < std::int64_t(n); ++id) {
        const std::size_t ofs = std::size_t(id) % m, first = std::size_t(id) - ofs, pair = std::size_t(id) % (2 * m);
        const bool left = pair < m;
        const std::size_t l = left ? first + m : first - m;
        if (l >= n) {  // no neighbour: stays put
          kb[id] = ka[id];
          ib[id] = ia[id];
          continue;
        }
        const std::size_t len = std::min(m, n - l);
        const std::size_t r = left ? rank_in_run<false>(&ka[l], len, ka[id], comp)
                                   : rank_in_run<true>(&ka[l], len, ka[id], comp);
        const std::size_t addr = (std::size_t(id) - pair) + ofs + r;
        kb[addr] = ka[id];
        ib[addr] = ia[id];
      }
      ka.swap(kb);
      ia.swap(ib);
    }
  }
  std::copy(ia.begin(), ia.end(), perm.begin());
  if (!sorted_keys.empty()) std::copy(ka.begin(), ka.end(), sorted_keys.begin());
}

}  // namespace ordo::detail

namespace ordo {

template <class T, class Op>
void scan(const cpu& exec, std::span<const T> in, std::span<T> out, Op op, std::type_identity_t<T> init,
          const scan_options& options) {
  detail::scan_cpu<T, Op>(exec, in, out, op, init, options);
}
template <class T, class Op>
void scan(const cpu& exec, std::span<const T> in, std::span<T> out, Op op, const scan_options& options) {
  detail::scan_cpu<T, Op>(exec, in, out, op, Op::template identity<T>(), options);
}

template <class T, class Op>
void reduce(const cpu& exec, std::span<const T> in, std::span<T> result, Op op, std::type_identity_t<T> init) {
  detail::check_count_slot("reduce", "result", result.size());
  result[0] = detail::reduce_cpu<T, Op>(exec, in, op, init);
}

template <class T>
void compact(const cpu& exec, std::span<const T> in, std::span<const std::uint8_t> flags, std::span<T> out,
             std::span<std::uint64_t> count) {
  detail::check_same_size("compact", "flags", flags.size(), "in", in.size());
  detail::check_at_least("compact", "out", out.size(), "in", in.size());
  detail::check_count_slot("compact", "count", count.size());
  // class 0: kept, class 1: dropped (the last class is not written)
  count[0] = detail::stable_scatter_cpu(exec, in, out, 2, [&](std::size_t i) { return flags[i] ? 0u : 1u; },
                                        false)[0];
}
template <class T, class Pred>
  requires std::is_invocable_r_v<bool, Pred, const T&>
void compact(const cpu& exec, std::span<const T> in, Pred pred, std::span<T> out, std::span<std::uint64_t> count) {
  detail::check_at_least("compact", "out", out.size(), "in", in.size());
  detail::check_count_slot("compact", "count", count.size());
  count[0] = detail::stable_scatter_cpu(exec, in, out, 2, [&](std::size_t i) { return pred(in[i]) ? 0u : 1u; },
                                        false)[0];
}

template <class T>
void split(const cpu& exec, std::span<const T> in, std::span<const std::uint8_t> flags, std::span<T> out,
           std::span<std::uint64_t> zeros) {
  detail::check_same_size("split", "flags", flags.size(), "in", in.size());
  detail::check_same_size("split", "out", out.size(), "in", in.size());
  detail::check_count_slot("split", "zeros", zeros.size());
  zeros[0] = detail::stable_scatter_cpu(exec, in, out, 2, [&](std::size_t i) { return flags[i] ? 1u : 0u; },
                                        true)[0];
}

template <class T>
void split(const cpu& exec, std::span<const T> in, std::span<const std::uint8_t> bucket, unsigned n_buckets,
           std::span<T> out, std::span<std::uint64_t> offsets, const split_options&) {
  detail::check_same_size("split", "bucket", bucket.size(), "in", in.size());
  detail::check_same_size("split", "out", out.size(), "in", in.size());
  detail::check_n_buckets("split", n_buckets, offsets.size());
  for (std::size_t i = 0; i < bucket.size(); ++i)
    if (bucket[i] >= n_buckets) detail::fail_bucket(i, bucket[i], n_buckets);
  const auto sizes = detail::stable_scatter_cpu(exec, in, out, n_buckets, [&](std::size_t i) { return unsigned(bucket[i]); },
                                                true);
  offsets[0] = 0;
  for (unsigned b = 0; b < n_buckets; ++b) offsets[b + 1] = offsets[b] + sizes[b];
}

template <class Count, class Index>
void fork(const cpu& exec, std::span<const Count> counts, std::span<Index> parent, std::span<Index> sibling,
          const fork_options& options) {
  static_assert(std::is_same_v<Count, std::uint32_t> || std::is_same_v<Count, std::uint64_t>, "Count: uint32 or uint64");
  static_assert(std::is_same_v<Index, std::uint32_t> || std::is_same_v<Index, std::uint64_t>, "Index: uint32 or uint64");
  fork_options o = options;
  o.variant = chosen_variant(exec, o.variant);
  detail::fork_cpu(exec, counts, parent, sibling, o);
}

template <class Key, class Index, class Compare>
void sort_idx(const cpu& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys,
              Compare comp, const sort_idx_options& options) {
  static_assert(std::is_same_v<Index, std::uint32_t> || std::is_same_v<Index, std::uint64_t>, "Index: uint32 or uint64");
  sort_idx_options o = options;
  o.variant = chosen_variant(exec, o.variant);
  detail::sort_idx_cpu(exec, keys, perm, sorted_keys, comp, o);
}

template <class Key, class Compare>
void merge(const cpu& exec, std::span<const Key> a, std::span<const Key> b, std::span<Key> out, Compare comp) {
  detail::check_same_size("merge", "out", out.size(), "a + b", a.size() + b.size());
  detail::merge_cpu<Key, char>(detail::cpu_chunks(exec, out.size()), a.data(), nullptr, a.size(), b.data(), nullptr,
                               b.size(), out.data(), nullptr, comp);
}
template <class Key, class Value, class Compare>
void merge(const cpu& exec, std::span<const Key> a_keys, std::span<const Value> a_values, std::span<const Key> b_keys,
           std::span<const Value> b_values, std::span<Key> out_keys, std::span<Value> out_values, Compare comp) {
  detail::check_same_size("merge", "a_values", a_values.size(), "a_keys", a_keys.size());
  detail::check_same_size("merge", "b_values", b_values.size(), "b_keys", b_keys.size());
  detail::check_same_size("merge", "out_keys", out_keys.size(), "a + b", a_keys.size() + b_keys.size());
  detail::check_same_size("merge", "out_values", out_values.size(), "out_keys", out_keys.size());
  detail::merge_cpu(detail::cpu_chunks(exec, out_keys.size()), a_keys.data(), a_values.data(), a_keys.size(),
                    b_keys.data(), b_values.data(), b_keys.size(), out_keys.data(), out_values.data(), comp);
}

template <class Exec, class T, class Op>
T reduce_and_wait(const Exec& exec, std::span<const T> in, Op op, std::type_identity_t<T> init) {
  if constexpr (std::is_same_v<Exec, cpu>) {
    return detail::reduce_cpu<T, Op>(exec, in, op, init);
  } else {
    return detail::reduce_and_wait_cuda<T, Op>(exec, in, op, init);
  }
}

}  // namespace ordo
