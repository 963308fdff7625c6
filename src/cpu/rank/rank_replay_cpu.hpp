// CPU rank() by partition and replay (rank_unsorted_variant::msd_replay on
// the CPU; the GPU's msd_replay is the same idea, docs/algorithms.md).
//
// sort_back sorts (code, index) pairs and writes each rank to out[index]:
// one random 8-byte store per key across the whole output, which costs more
// than a cache line of DRAM traffic each (a third of rank's time on 16 cores).
// Here no global index exists:
//   1. one read finds the codes' range and the NaN count; a second counts
//      each worker's keys per bucket, the bucket being the top bits of
//      (code - lowest code), 2^9 to 2^12 buckets of about leaf_keys keys;
//   2. a stable partition writes each key's code (less the lowest) to its
//      bucket (bucket-major, worker-minor offsets: stable);
//   3. each bucket is a leaf that fits the core's cache: sort (code, position
//      in the bucket) there, walk its tie groups (ties never cross buckets)
//      and write each rank to the key's position in the bucket, so the
//      buckets' ranks lie in partition order;
//   4. replay: each worker reads its block of keys again, recomputes the
//      bucket and takes the next rank from that bucket's stream, writing the
//      output in input order with streaming stores.
// Step 4 reads the ranks from 512-4096 sequential streams instead of
// storing them at random. A bucket too large for a leaf (skewed keys: one
// far outlier puts the rest in bucket 0) is ranked by sort_back's method
// inside it, on every worker.
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <numeric>
#include <vector>

#include "ordo/cpu/memory/uninit_allocator.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/cpu/sort/radix_sort.hpp"
#include "ordo/detail/key_traits.hpp"
#include "cpu/rank/rank_groups.hpp"
#include "cpu/rank/rank_value_cpu.hpp"
#include "cpu/rank/streaming_store.hpp"

namespace ordo::detail::cpu_rank {

// A leaf's size aimed at: its codes, positions and the sort's second buffer
// (16 bytes a key) stay in a core's L2.
inline constexpr std::size_t replay_leaf_keys = std::size_t(1) << 16;
inline constexpr unsigned replay_min_bits = 9, replay_max_bits = 12;

// The bucket of a code: bits [shift, shift + bits) of (code - lo).
template <class U>
struct replay_digit {
  U lo;
  unsigned shift;
  std::size_t operator()(U c) const { return std::size_t(U(c - lo) >> shift); }
};

template <class U>
replay_digit<U> choose_replay_digit(U lo, U hi, std::size_t n) {
  const unsigned width = unsigned(std::bit_width(U(hi - lo)));
  const unsigned want = unsigned(std::bit_width(std::max<std::size_t>(n / replay_leaf_keys, 1)));
  const unsigned bits = std::min(width, std::clamp(want, replay_min_bits, replay_max_bits));
  return {lo, width - bits};
}

template <class K, class R>
struct replay_ranker {
  using U = key_code_t<K>;
  const K* keys;
  R* out;
  std::size_t n;
  const rank_options& o;
  int w;

  U code(const K& k) const { return key_traits<K>::rank_bits(k, !o.ascending, o.na == na_option::top); }

  void run() {
    // 1. range and NaN count
    struct alignas(64) facts {
      U lo, hi;
      std::size_t nans;
    };
    std::vector<facts> f(std::size_t(w), facts{U(~U(0)), U(0), 0});
    sched::for_each_worker(w, [&](int t) {
      facts x{U(~U(0)), U(0), 0};
      for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i) {
        const U c = code(keys[i]);
        x.lo = std::min(x.lo, c);
        x.hi = std::max(x.hi, c);
        x.nans += key_traits<K>::is_nan(keys[i]);
      }
      f[t] = x;
    });
    facts all{U(~U(0)), U(0), 0};
    for (const facts& x : f) all.lo = std::min(all.lo, x.lo), all.hi = std::max(all.hi, x.hi), all.nans += x.nans;
    const bool keep_nan = o.na == na_option::keep && all.nans > 0;
    const std::size_t ranked = n - (keep_nan ? all.nans : 0);
    const rank_valuer<R> value{o, keep_nan, ranked, pct_divisor(o.method, ranked, 0)};
    if (all.lo == all.hi) return one_group(value);

    // 2. counts and the stable partition
    const replay_digit<U> digit = choose_replay_digit(all.lo, all.hi, n);
    const std::size_t B = std::size_t(1) << unsigned(std::bit_width(U(all.hi - all.lo)) - digit.shift);
    std::vector<std::size_t> off(std::size_t(w) * B, 0);  // worker t's cursors at off[t * B]
    sched::for_each_worker(w, [&](int t) {
      std::size_t* c = off.data() + std::size_t(t) * B;
      for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i)
        ++c[digit(code(keys[i]))];
    });
    std::vector<std::size_t> start(B + 1, 0);
    for (std::size_t b = 0, run = 0; b < B; ++b) {
      start[b] = run;
      for (int t = 0; t < w; ++t) {
        std::size_t& c = off[std::size_t(t) * B + b];
        const std::size_t x = c;
        c = run;
        run += x;
      }
      start[b + 1] = run;
    }
    const std::vector<std::size_t> replay_from = off;
    std::vector<U, uninit_allocator<U>> rel(n);
    sched::for_each_worker(w, [&](int t) {
      std::size_t* c = off.data() + std::size_t(t) * B;
      for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i) {
        const U x = code(keys[i]);
        rel[c[digit(x)]++] = U(x - digit.lo);
      }
    });

    // 3. the buckets' ranks, in partition order
    std::vector<R, uninit_allocator<R>> part(n);
    std::vector<std::uint32_t> leaves;
    const std::size_t leaf_max = std::max<std::size_t>(4 * replay_leaf_keys, n / std::size_t(w));
    for (std::size_t b = 0; b < B; ++b) {
      const std::size_t c = start[b + 1] - start[b];
      if (c > leaf_max) rank_big_bucket(rel.data() + start[b], part.data() + start[b], c, start[b], digit.shift, value);
      else if (c) leaves.push_back(std::uint32_t(b));
    }
    std::sort(leaves.begin(), leaves.end(), [&](std::uint32_t a, std::uint32_t b) {
      return start[a + 1] - start[a] > start[b + 1] - start[b];
    });
    std::vector<radix_scratch<U, std::uint32_t>> scratch(static_cast<std::size_t>(w));
    std::vector<std::vector<std::uint32_t, uninit_allocator<std::uint32_t>>> pos(static_cast<std::size_t>(w));
    sched::for_each_claimed(w, leaves.size(), 1, [&](int t, std::uint64_t i, std::uint64_t) {
      const std::size_t b = leaves[i];
      rank_leaf(rel.data() + start[b], part.data() + start[b], start[b + 1] - start[b], start[b], digit.shift, value,
                scratch[t], pos[t]);
    });

    // 4. replay into input order
    const bool stream = n * sizeof(R) >= large_output;
    sched::for_each_worker(w, [&](int t) {
      std::vector<std::size_t> cur(replay_from.begin() + std::ptrdiff_t(std::size_t(t) * B),
                                   replay_from.begin() + std::ptrdiff_t(std::size_t(t + 1) * B));
      struct gen {
        const replay_ranker& self;
        const replay_digit<U>& digit;
        const R* part;
        std::size_t* cur;
        std::size_t i;
        R one() { return part[cur[digit(self.code(self.keys[i++]))]++]; }
        void line(R* v) {
          for (std::size_t q = 0; q < per_line<R>; ++q) v[q] = one();
        }
      } g{*this, digit, part.data(), cur.data(), sched::block_begin(n, w, t)};
      fill_by_lines(out, g.i, sched::block_begin(n, w, t + 1), stream, g);
    });
  }

  // Every code equal: one tie group in input order.
  void one_group(const rank_valuer<R>& value) {
    const group_facts g{0, n - 1, 1};
    sched::for_each_worker(w, [&](int t) {
      for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i)
        out[i] = value(i, g);
    });
  }

  // A bucket of c codes at global sorted offset base: sorts (code, position)
  // in the worker's scratch, writes each rank to dst[position].
  void rank_leaf(U* codes, R* dst, std::size_t c, std::size_t base, unsigned shift, const rank_valuer<R>& value,
                 radix_scratch<U, std::uint32_t>& s, std::vector<std::uint32_t, uninit_allocator<std::uint32_t>>& p) const {
    if (shift == 0) {  // the bucket is one code: one group, in input order
      const group_facts g{base, base + c - 1, 0};
      for (std::size_t j = 0; j < c; ++j) dst[j] = value(base + j, g);
      return;
    }
    if (p.size() < c) p.resize(c);
    std::iota(p.begin(), p.begin() + std::ptrdiff_t(c), 0u);
    if (s.keys.size() < c) s.keys.resize(c), s.vals.resize(c);
    // the codes of a bucket agree from bit `shift` up
    radix_detail::sort_seq(radix_detail::span2<U, std::uint32_t>{codes, p.data(), s.keys.data(), s.vals.data()}, c,
                           int((shift + 7) / 8), radix_code<U>{U(0)}, false);
    walk_groups(codes, 0, c, 0, c - 1, 0, [&](std::size_t q, const group_facts& g) {
      dst[p[q]] = value(base + q, group_facts{base + g.first, base + g.last, 0});
    });
  }

  // A bucket too large for one core: sort_back's method inside it.
  void rank_big_bucket(U* codes, R* dst, std::size_t c, std::size_t base, unsigned shift,
                       const rank_valuer<R>& value) const {
    if (shift == 0) {
      const group_facts g{base, base + c - 1, 0};
      sched::for_each_worker(w, [&](int t) {
        for (std::size_t j = sched::block_begin(c, w, t), e = sched::block_begin(c, w, t + 1); j < e; ++j)
          dst[j] = value(base + j, g);
      });
      return;
    }
    if (c <= 0xffffffffull) big_bucket_as<std::uint32_t>(codes, dst, c, base, value);
    else big_bucket_as<std::uint64_t>(codes, dst, c, base, value);
  }
  template <class Index>
  void big_bucket_as(U* codes, R* dst, std::size_t c, std::size_t base, const rank_valuer<R>& value) const {
    std::vector<Index, uninit_allocator<Index>> p(c);
    sched::for_each_worker(w, [&](int t) {
      for (std::size_t j = sched::block_begin(c, w, t), e = sched::block_begin(c, w, t + 1); j < e; ++j) p[j] = Index(j);
    });
    radix_sort_each(w, codes, p.data(), c, false, [&](std::size_t b, std::size_t e, std::size_t first, std::size_t last) {
      walk_groups(codes, b, e, first, last, 0, [&](std::size_t q, const group_facts& g) {
        dst[p[q]] = value(base + q, group_facts{base + g.first, base + g.last, 0});
      });
    });
  }
};

// Ranks with every method but dense (which needs the count of groups before
// each bucket; rank_unsorted sends it to sort_back).
template <class K, class R>
void rank_replay(const K* keys, R* out, std::size_t n, const rank_options& o, int threads) {
  replay_ranker<K, R>{keys, out, n, o, n < sched::serial_below ? 1 : threads}.run();
}

}  // namespace ordo::detail::cpu_rank
