// CPU rank() by partition and replay (rank_unsorted_variant::msd_replay on
// the CPU; the GPU's msd_replay is the same idea, docs/algorithms.md).
//
// sort_back sorts (code, index) pairs and writes each rank to out[index]:
// one random 8-byte store per key across the whole output, which costs more
// than a cache line of DRAM traffic each (a third of rank's time on 16 cores).
// Here no global index exists:
//   1. one read finds the codes' range and the NaN count (find_code_facts,
//      shared with the counting rank); a second counts
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
// far outlier puts the rest in one bucket) is ranked by sort_back's method
// inside it, on every worker. NaN has a bucket of its own (replay_digit).
#pragma once
#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include "ordo/cpu/memory/uninit_allocator.hpp"
#include "ordo/cpu/primitives/bucket_offsets.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/error.hpp"
#include "cpu/rank/rank_groups.hpp"
#include "cpu/rank/rank_counting_cpu.hpp"
#include "cpu/rank/rank_home.hpp"
#include "cpu/rank/rank_value_cpu.hpp"
#include "cpu/rank/streaming_store.hpp"

namespace ordo::detail::cpu_rank {

// A leaf's size aimed at: its codes, positions and the sort's second buffer
// (16 bytes a key) stay in a core's L2.
inline constexpr std::size_t replay_leaf_keys = std::size_t(1) << 16;
inline constexpr unsigned replay_min_bits = 9, replay_max_bits = 12;

// The bucket of a code: bits [shift, shift + bits) of (code - lo), lo being
// the lowest code of a number. NaN (whose code is 0 or all ones, which no
// number's code is) has a bucket of its own, first or last: counted into the
// range it would stretch it to the whole code space and crowd the numbers
// into a few buckets. A code out of range (the keys changed between passes:
// another thread writing them) is clamped into a bucket, so that no pass
// indexes past its arrays.
template <class U>
struct replay_digit {
  U lo;
  unsigned shift;
  std::size_t number_buckets;  // 2^bits
  bool nan_bucket;             // NaN present: bucket 0 (top) or number_buckets (keep, bottom)
  bool nan_first;
  U nan_code;
  std::size_t buckets() const { return number_buckets + (nan_bucket ? 1 : 0); }
  std::size_t operator()(U c) const {
    if (nan_bucket && c == nan_code) return nan_first ? 0 : number_buckets;
    const std::size_t d = std::min<std::size_t>(std::size_t(U(c - lo) >> shift), number_buckets - 1);
    return d + (nan_bucket && nan_first ? 1 : 0);
  }
  // A bucket whose keys are one code: no sort, one tie group.
  bool one_code(std::size_t b) const { return shift == 0 || (nan_bucket && b == (nan_first ? 0 : number_buckets)); }
};

template <class U>
replay_digit<U> choose_replay_digit(U lo, U hi, std::size_t n, bool nans, bool nan_first, U nan_code) {
  const unsigned width = unsigned(std::bit_width(U(hi - lo)));
  const unsigned want = unsigned(std::bit_width(std::max<std::size_t>(n / replay_leaf_keys, 1)));
  const unsigned bits = std::min(width, std::clamp(want, replay_min_bits, replay_max_bits));
  return {lo, width - bits, std::size_t(1) << bits, nans, nan_first, nan_code};
}

template <class K, class R>
struct replay_ranker {
  using U = key_code_t<K>;
  const K* keys;
  R* out;
  std::size_t n;
  const rank_options& o;
  int w;

  U code(const K& k) const { return rank_code(k, o); }

  code_facts<U> all;  // 1. the numbers' range, and the NaN count (find_code_facts)

  void run() {
    const bool keep_nan = o.na == na_option::keep && all.nans > 0;
    const std::size_t ranked = n - (keep_nan ? all.nans : 0);
    const rank_valuer<R> value{o, keep_nan, ranked, pct_divisor(o.method, ranked, 0)};
    if (all.nans == n || (all.nans == 0 && all.lo == all.hi)) return rank_one_group(w, out, n, 0, value);

    // 2. counts and the stable partition
    const bool nan_first = o.na == na_option::top;
    const replay_digit<U> digit = choose_replay_digit(all.lo, all.hi, n, all.nans > 0, nan_first,
                                                      nan_first ? U(0) : kept_nan_rank_bits<U>());
    const std::size_t B = digit.buckets();
    std::vector<std::size_t> off(std::size_t(w) * B, 0);  // worker t's cursors at off[t * B]
    sched::for_each_worker(w, [&](int t) {
      std::size_t* c = off.data() + std::size_t(t) * B;
      for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i)
        ++c[digit(code(keys[i]))];
    });
    std::vector<std::size_t> start(B + 1, 0);
    counts_to_offsets(off.data(), B, B, w, start.data());
    std::vector<std::size_t> replay_at = off;  // step 4's cursors
    std::vector<U, uninit_allocator<U>> rel(n);
    sched::for_each_worker(w, [&](int t) {
      std::size_t* c = off.data() + std::size_t(t) * B;
      for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i) {
        const U x = code(keys[i]);
        const std::size_t j = c[digit(x)]++;
        if (j < n) rel[j] = U(x - digit.lo);  // (keys changed since the count: no write past rel)
      }
    });

    // 3. the buckets' ranks, in partition order
    std::vector<R, uninit_allocator<R>> part(n);
    std::vector<std::uint32_t> leaves;
    // (a leaf numbers its keys in 32 bits: with one worker and n >= 2^32 a
    // skewed bucket may not fit them)
    const std::size_t leaf_max =
        std::min<std::size_t>(std::max<std::size_t>(4 * replay_leaf_keys, n / std::size_t(w)), 0xffffffffull);
    for (std::size_t b = 0; b < B; ++b) {
      const std::size_t c = start[b + 1] - start[b];
      const unsigned shift = digit.one_code(b) ? 0 : digit.shift;
      if (c > leaf_max) rank_big_bucket(w, rel.data() + start[b], part.data() + start[b], c, start[b], shift, value);
      else if (c) leaves.push_back(std::uint32_t(b));
    }
    std::sort(leaves.begin(), leaves.end(), [&](std::uint32_t a, std::uint32_t b) {
      return start[a + 1] - start[a] > start[b + 1] - start[b];
    });
    // Every worker's scratch sized for the largest leaf here, outside the
    // parallel region (an allocation failing inside one would terminate).
    const std::size_t most = leaves.empty() ? 0 : start[leaves[0] + 1] - start[leaves[0]];
    std::vector<leaf_scratch<U>> scratch(std::min<std::size_t>(std::size_t(w), leaves.size()));
    for (leaf_scratch<U>& x : scratch) x.reserve(most);
    sched::for_each_claimed(int(scratch.size()), leaves.size(), 1, [&](int t, std::uint64_t i, std::uint64_t) {
      const std::size_t b = leaves[i];
      rank_leaf(rel.data() + start[b], part.data() + start[b], start[b + 1] - start[b], start[b],
                digit.one_code(b) ? 0 : digit.shift, value, scratch[t]);
    });

    // 4. replay into input order
    const bool stream = n * sizeof(R) >= large_output;
    sched::for_each_worker(w, [&](int t) {
      struct gen {
        const replay_ranker& self;
        const replay_digit<U>& digit;
        const R* part;
        std::size_t* cur;
        std::size_t i;
        R one() {
          const std::size_t j = cur[digit(self.code(self.keys[i++]))]++;
          return j < self.n ? part[j] : unranked_value<R>();  // (j >= n: the keys changed under the call)
        }
        void line(R* v) {
          for (std::size_t q = 0; q < per_line<R>; ++q) v[q] = one();
        }
      } g{*this, digit, part.data(), replay_at.data() + std::size_t(t) * B, sched::block_begin(n, w, t)};
      fill_by_lines(out, g.i, sched::block_begin(n, w, t + 1), stream, g);
    });
  }

};

// Ranks with every method but dense (which needs the count of groups before
// each bucket; rank_unsorted sends it to sort_back).
// `facts`: step 1's, found by the caller (rank_unsorted), or null.
template <class K, class R>
void rank_replay(const K* keys, R* out, std::size_t n, const rank_options& o, int threads,
                 const code_facts<key_code_t<K>>* facts = nullptr) {
  if (o.method == rank_method::dense) throw error(errc::not_supported, "rank: msd_replay does not rank dense (sort_back does)");
  const int w = n < sched::serial_below ? 1 : threads;
  replay_ranker<K, R>{keys, out, n, o, w, facts ? *facts : find_code_facts(keys, n, o, w)}.run();
}

}  // namespace ordo::detail::cpu_rank
