// CPU rank() over unsorted keys, pandas semantics. Three variants:
//   sort_back   sort (order bits, index) with the parallel radix sort
//               (cpu/sort/radix_sort.hpp), rank the sorted bits with the same
//               group walker as rank_sorted, and scatter each rank to the
//               key's original position;
//   msd_replay  partition, rank each bucket in cache, replay the partition
//               (rank_replay_cpu.hpp): no random scatter through memory;
//   counting    keys whose codes span at most 2^16 values: a histogram, a
//               scan of it, one pass of lookups (rank_counting_cpu.hpp).
// automatic reads the codes' range first and counts where counting_pays.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "ordo/cpu/sched/sched.hpp"
#include "ordo/cpu/sort/radix_sort.hpp"
#include "ordo/detail/key_traits.hpp"
#include "cpu/rank/rank_counting_cpu.hpp"
#include "cpu/rank/rank_home.hpp"
#include "cpu/rank/rank_replay_cpu.hpp"
#include "cpu/rank/rank_sorted_cpu.hpp"
#include "cpu/rank/rank_value_cpu.hpp"

namespace ordo::detail::cpu_rank {

// Writes the rank of sorted position pos to out[idx[pos]].
template <class R, class Index>
struct rank_writer {
  const Index* idx;
  R* out;
  rank_valuer<R> value;
  void operator()(std::size_t pos, const group_facts& g) const { out[idx[pos]] = value(pos, g); }
};

// Ranks keys whose order bits are in sorted_bits, idx[pos] the key's input
// position.
template <class K, class R, class Index>
void rank_sorted_bits(const key_code_t<K>* sorted_bits, const Index* idx, R* out, std::size_t n,
                      std::size_t nan_count, const rank_options& o, int threads) {
  const bool keep_nan = o.na == na_option::keep && nan_count > 0;
  const std::size_t ranked = n - (keep_nan ? nan_count : 0);
  std::uint64_t groups = 0;
  if (o.pct && o.method == rank_method::dense) {
    // the divisor is the largest dense rank among ranked keys
    groups = 1;
    for (std::size_t i = 1; i < ranked; ++i) groups += sorted_bits[i] != sorted_bits[i - 1];
    if (ranked == 0) groups = 0;
  }
  for_each_ranked(sorted_bits, n, o.method, threads,
                  rank_writer<R, Index>{idx, out, {o, keep_nan, ranked, pct_divisor(o.method, ranked, groups)}});
}

// (order bits, index) sorted by the parallel radix sort: stable, so equal
// bits keep input order, the order 'first' (ordinal) needs.
template <class K, class R, class Index>
void rank_unsorted_as(const K* keys, R* out, std::size_t n, const rank_options& o, int threads) {
  using U = key_code_t<K>;
  const bool nan_on_top = o.na == na_option::top;
  const int w = n < sched::serial_below ? 1 : threads;
  // (left uninitialised: the loop below writes every element, in parallel)
  std::vector<U, uninit_allocator<U>> bits(n);
  std::vector<Index, uninit_allocator<Index>> idx(n);
  std::vector<std::size_t> nans(std::size_t(w), 0);
  sched::for_each_worker(w, [&](int t) {
    std::size_t c = 0;
    for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i) {
      bits[i] = key_traits<K>::rank_bits(keys[i], !o.ascending, nan_on_top);
      idx[i] = Index(i);
      c += key_traits<K>::is_nan(keys[i]);
    }
    nans[t] = c;
  });
  std::size_t nan_count = 0;
  for (const std::size_t c : nans) nan_count += c;
  if (o.method == rank_method::dense) {  // needs the number of groups before each key: a pass of its own
    radix_sort(w, bits.data(), idx.data(), n, false);
    rank_sorted_bits<K>(bits.data(), idx.data(), out, n, nan_count, o, w);
    return;
  }
  // The other methods rank each range of the sort's result as it becomes
  // final, while it is in the core's cache (no tie group spans two ranges),
  // instead of reading the sorted (bits, index) back from memory.
  const bool keep_nan = o.na == na_option::keep && nan_count > 0;
  const std::size_t ranked = n - (keep_nan ? nan_count : 0);
  rank_home(w, bits.data(), idx.data(), n, 0, out, rank_valuer<R>{o, keep_nan, ranked, pct_divisor(o.method, ranked, 0)});
}

// automatic takes msd_replay from this many keys (below, the output fits a
// cache and sort_back's scatter is cheap).
inline constexpr std::size_t replay_from_n = std::size_t(1) << 18;

// msd_replay ranks every method but dense; dense (and automatic below
// replay_from_n) goes to sort_back.
inline bool use_replay(std::size_t n, const rank_options& o) {
  if (o.method == rank_method::dense) return false;
  if (o.variant == rank_unsorted_variant::msd_replay) return true;
  return o.variant == rank_unsorted_variant::automatic && n >= replay_from_n;
}

template <class K, class R>
void rank_unsorted(const K* keys, R* out, std::size_t n, const rank_options& o, int threads) {
  if (n == 0) return;
  if (o.variant == rank_unsorted_variant::counting) return rank_counting(keys, out, n, o, threads);
  if (o.variant == rank_unsorted_variant::automatic) {
    const int w = n < sched::serial_below ? 1 : threads;
    const code_facts<key_code_t<K>> f = find_code_facts(keys, n, o, w);
    if (counting_pays(f.values(n), n, w)) return counting_ranker<K, R>{keys, out, n, o, w, f}.run();
    if (use_replay(n, o)) return rank_replay(keys, out, n, o, threads, &f);
  }
  if (use_replay(n, o)) return rank_replay(keys, out, n, o, threads);
  if (n <= 0xffffffffull) rank_unsorted_as<K, R, std::uint32_t>(keys, out, n, o, threads);
  else rank_unsorted_as<K, R, std::uint64_t>(keys, out, n, o, threads);
}

}  // namespace ordo::detail::cpu_rank
