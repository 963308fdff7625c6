// Ranking with ties (seed 000: Liang et al., "Parallel Computation of Standard
// Competition Rankings over a Sorted Array").
//
//   rank_sorted  ranks of an already sorted array: 1224 / 1334 / 1223 / 1234 / 1 2.5 2.5 4
//   rank         ranks of any array, with the semantics of pandas Series.rank
//                and scipy.stats.rankdata (method, ascending, na_option, pct)
//
// Both take the execution place first: ordo::cpu{threads} or ordo::cuda{stream}.
// On the GPU, `keys` and `ranks` are device pointers and the call is
// asynchronous on the stream (except `validate`, which reads one flag back).
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/types.hpp"

namespace ordo {

// How tied keys share ranks. Example: keys 10 20 20 30.
enum class rank_method {
  min,      // standard competition ("1224"), the paper's SCR; pandas 'min'
  max,      // modified competition ("1334"); pandas 'max'
  dense,    // "1223"; pandas 'dense'
  ordinal,  // "1234", ties in input order; pandas 'first', scipy 'ordinal'
  average,  // fractional ("1 2.5 2.5 4"); pandas/scipy default; floating output
};

enum class sort_order { ascending, descending };

// Implementation choice for rank_sorted. `automatic` is the fastest measured
// for the backend (see docs/benchmarks.md); the others exist so they can be
// selected, tested and measured.
enum class rank_variant {
  automatic,
  // CPU
  sequential,        // the paper's loop (Sec. I)
  parallel_search,   // threads + modified binary search (Sec. III.D, Fig. 5)
  // GPU
  naive,             // log-step prefix, one launch per step (Sec. III.A, Fig. 3)
  shuffle,           // shuffle scan, flag packed into the rank (Sec. III.B)
  hybrid,            // warp per 1024 keys, ballot/brev/ffs + modified binary search (III.C)
  block_search,      // ordo: each tile finds its start by binary search; tiles never wait
  lookback,          // ordo: single-pass tile scan with decoupled look-back
  scan,              // dense only: single-pass scan of head flags (CUB block primitives + look-back)
};

struct rank_sorted_options {
  rank_method method = rank_method::min;
  sort_order order = sort_order::ascending;  // how `keys` is sorted (used by validate)
  rank_variant variant = rank_variant::automatic;
  // Check that keys are sorted in `order` (NaN last when ascending, first
  // when descending) and throw errc::unsorted_input otherwise. On the GPU this
  // reads one flag back and so synchronises the stream. Without it, unsorted
  // input gives unspecified ranks but never touches memory out of bounds.
  bool validate = false;
};

// Ties are keys that compare equal; -0.0 ties +0.0 and NaN ties NaN.
// Rank: uint32 (n < 2^32), uint64, float or double. `average` needs a
// floating Rank. ranks.size() must equal keys.size(). float ranks are exact
// up to n = 2^24 (average: 2^23) and rounded beyond; the Python module
// refuses float32 ranks for larger n.
template <class Key, class Rank>
void rank_sorted(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& options = {});
template <class Key, class Rank>
void rank_sorted(const cuda& exec, std::span<const Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& options = {});

// Implementation choice for rank() on the GPU (the CPU backend has one).
enum class rank_unsorted_variant {
  automatic,
  // Radix-sort (order bits, index) pairs, rank in sorted order, then sort
  // the ranks back to input order by index. Any key type, any n.
  sort_back,
  // 32-bit keys: two MSD digit passes split the keys by their top 16 bits,
  // one block ranks each bucket by counting, and the two passes replay
  // backwards to carry the ranks home; no index is sorted. Falls back to
  // sort_back when a 16-bit key prefix holds more than 8192 keys (one small
  // device-to-host copy decides), for 64-bit keys and for n >= 2^31.
  // automatic picks it for 32-bit keys with 2^25 < n <= 3 * 2^27.
  msd_replay,
};

enum class na_option {
  keep,    // NaN keys get NaN ranks (0 in an integer output)
  top,     // NaN keys rank first
  bottom,  // NaN keys rank last
};

struct rank_options {
  rank_method method = rank_method::average;  // pandas and scipy default
  bool ascending = true;
  na_option na = na_option::keep;
  bool pct = false;  // divide by the number of ranked keys (dense: by the largest rank)
  rank_unsorted_variant variant = rank_unsorted_variant::automatic;
};

// pandas Series.rank over unsorted keys. Rank: double or float (pandas
// returns float64), or uint32/uint64 for the integral methods without pct.
template <class Key, class Rank>
void rank(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks,
          const rank_options& options = {});
template <class Key, class Rank>
void rank(const cuda& exec, std::span<const Key> keys, std::span<Rank> ranks,
          const rank_options& options = {});

// Convenience: mutable key spans (a device_buffer's span(), say) convert to
// the const spans above, which template deduction will not do by itself.
template <class Exec, class Key, class Rank>
  requires(!std::is_const_v<Key>)
void rank_sorted(const Exec& exec, std::span<Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& options = {}) {
  rank_sorted<Key, Rank>(exec, std::span<const Key>(keys), ranks, options);
}
template <class Exec, class Key, class Rank>
  requires(!std::is_const_v<Key>)
void rank(const Exec& exec, std::span<Key> keys, std::span<Rank> ranks, const rank_options& options = {}) {
  rank<Key, Rank>(exec, std::span<const Key>(keys), ranks, options);
}

// The variant `automatic` resolves to on that backend for these options.
rank_variant chosen_variant(const cpu& exec, const rank_sorted_options& options);
rank_variant chosen_variant(const cuda& exec, const rank_sorted_options& options);

// Names as the CLI and the Python module spell them ("min", "first"...).
const char* to_string(rank_method m) noexcept;
rank_method parse_rank_method(const char* name);  // throws errc::invalid_argument
const char* to_string(rank_variant v) noexcept;
rank_variant parse_rank_variant(const char* name);
const char* to_string(rank_unsorted_variant v) noexcept;
rank_unsorted_variant parse_rank_unsorted_variant(const char* name);
const char* to_string(na_option v) noexcept;
na_option parse_na_option(const char* name);

}  // namespace ordo

#include "ordo/detail/narrow_rank.hpp"  // the narrow keys: int8 ... bool, float16, bfloat16
