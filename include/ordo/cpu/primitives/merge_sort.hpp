// CPU merge (split by merge path across threads) and sort_idx: automatic is
// the sample sort (sort/sample_sort.hpp) where it has buckets to share out,
// merge_path chunk sorts then pairwise merges, binary_search Listing 2's passes.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <numeric>

#include "ordo/cpu/primitives/chunks.hpp"
#include "ordo/cpu/sort/sample_sort.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/merge_path.hpp"
#include "ordo/detail/primitives_checks.hpp"

namespace ordo::detail {
// --- merge ----------------------------------------------------------------
// Merges a and b into out (keys, and values when V is not void) with the work
// split by merge path into equal pieces, one per chunk.
template <class K, class V, class Compare>
void merge_cpu(int chunks, const K* a, const V* av, std::size_t na, const K* b, const V* bv, std::size_t nb, K* out,
               V* outv, Compare comp) {
  const std::size_t n = na + nb;
  sched::for_each_worker(chunks, [&](int c) {
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
  });
}

// --- sort_idx -------------------------------------------------------------
template <class Key, class Index, class Compare>
void sort_idx_cpu(const cpu& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys,
                  Compare comp, const sort_idx_options& o) {
  check_same_size("sort_idx", "perm", perm.size(), "keys", keys.size());
  if (!sorted_keys.empty()) check_same_size("sort_idx", "sorted_keys", sorted_keys.size(), "keys", keys.size());
  check_index_fits<Index>("sort_idx", keys.size());
  if (o.variant == sort_idx_variant::sample_sort)
    throw error(errc::invalid_argument, "sort_idx: sample_sort is a GPU variant; the CPU has merge_path and binary_search");
  const std::size_t n = keys.size();
  const int chunks = cpu_chunks(exec, n);
  if (o.variant == sort_idx_variant::automatic && sample_sort_buckets(n, chunks) > 1) {
    // The sample sort; buckets of many equal keys by this merge sort.
    std::vector<Key> own;
    const bool use_own = sorted_keys.empty() || sorted_keys.data() == keys.data();
    if (use_own) own.resize(n);
    Key* out = use_own ? own.data() : sorted_keys.data();
    sample_sort_idx(chunks, keys.data(), n, out, perm.data(), comp, [&](std::size_t s, std::size_t e) {
      std::vector<Index> p(e - s), idx(perm.begin() + std::ptrdiff_t(s), perm.begin() + std::ptrdiff_t(e));
      std::vector<Key> k(e - s);
      sort_idx_cpu(exec, std::span<const Key>(out + s, e - s), std::span<Index>(p), std::span<Key>(k), comp,
                   sort_idx_options{sort_idx_variant::merge_path});
      for (std::size_t i = 0; i < e - s; ++i) perm[s + i] = idx[p[i]], out[s + i] = k[i];
    });
    if (use_own && !sorted_keys.empty()) std::copy(own.begin(), own.end(), sorted_keys.begin());
    return;
  }
  std::vector<Key> ka(keys.begin(), keys.end()), kb(n);
  std::vector<Index> ia(n), ib(n);
  std::iota(ia.begin(), ia.end(), Index(0));
  std::size_t m = 1;  // ka/ia are m-sorted
  if (o.variant != sort_idx_variant::binary_search) {
    // Chunks sorted on their own (stable), then merged pairwise; each merge
    // is split across every thread by merge path.
    m = (n + chunks - 1) / std::max(chunks, 1);
    m = std::max<std::size_t>(m, 1);
    sched::for_each_worker(chunks, [&](int c) {
      // (key, index) pairs by value: sorting indices that point into the
      // keys would make every comparison a cache miss.
      const std::size_t b = std::min(n, std::size_t(c) * m), e = std::min(n, b + m);
      std::vector<std::pair<Key, Index>> pairs(e - b);
      for (std::size_t i = b; i < e; ++i) pairs[i - b] = {keys[i], Index(i)};
      std::stable_sort(pairs.begin(), pairs.end(),
                       [&](const auto& x, const auto& y) { return comp(x.first, y.first); });
      for (std::size_t i = b; i < e; ++i) ka[i] = pairs[i - b].first, ia[i] = pairs[i - b].second;
    });
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
      sched::parallel_for(chunks, 0, std::int64_t(n), [&](std::int64_t id) {
        const std::size_t ofs = std::size_t(id) % m, first = std::size_t(id) - ofs, pair = std::size_t(id) % (2 * m);
        const bool left = pair < m;
        const std::size_t l = left ? first + m : first - m;
        if (l >= n) {  // no neighbour: stays put
          kb[id] = ka[id];
          ib[id] = ia[id];
          return;
        }
        const std::size_t len = std::min(m, n - l);
        const std::size_t r = left ? rank_in_run<false>(&ka[l], len, ka[id], comp)
                                   : rank_in_run<true>(&ka[l], len, ka[id], comp);
        const std::size_t addr = (std::size_t(id) - pair) + ofs + r;
        kb[addr] = ka[id];
        ib[addr] = ia[id];
      });
      ka.swap(kb);
      ia.swap(ib);
    }
  }
  std::copy(ia.begin(), ia.end(), perm.begin());
  if (!sorted_keys.empty()) std::copy(ka.begin(), ka.end(), sorted_keys.begin());
}

}  // namespace ordo::detail
