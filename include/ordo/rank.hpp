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
#include "ordo/rank_variants.hpp"
#include "ordo/types.hpp"
#include "ordo/detail/backend.hpp"
#include "ordo/detail/narrow_keys.hpp"
#include "ordo/detail/rank_checks.hpp"

namespace ordo {

enum class sort_order { ascending, descending };

struct rank_sorted_options {
  rank_method method = rank_method::min;
  sort_order order = sort_order::ascending;  // how `keys` is sorted (used by validate)
  // automatic, a cpu_rank_variant or a gpu_rank_variant (rank_variants.hpp:
  // the table says which methods each computes and what automatic picks).
  rank_variant variant = {};
  // Check that keys are sorted in `order` (NaN last when ascending, first
  // when descending) and throw errc::unsorted_input otherwise. On the GPU this
  // reads one flag back and so synchronises the stream. Without it, unsorted
  // input gives unspecified ranks but never touches memory out of bounds.
  bool validate = false;
};

struct rank_options;  // rank()'s, below

}  // namespace ordo

namespace ordo::detail {
// The variant enum of each backend's rank_sorted.
template <class Exec>
using rank_variant_t = per_backend_t<Exec, cpu_rank_variant, gpu_rank_variant>;

namespace op {
struct rank_sorted : named_op<"rank_sorted"> {
  using options = rank_sorted_options;
};
struct rank : named_op<"rank"> {
  using options = rank_options;
};
template <class Exec>
using chosen_rank_variant = chosen_variant<rank_variant_t<Exec>>;
}  // namespace op
}  // namespace ordo::detail

namespace ordo {

// Ties are keys that compare equal; -0.0 ties +0.0 and NaN ties NaN.
// Rank: uint32 (n < 2^32), uint64, float or double. `average` needs a
// floating Rank. ranks.size() must equal keys.size(). float ranks are exact
// up to n = 2^24 (average: 2^23) and rounded beyond; the Python module
// refuses float32 ranks for larger n.
template <execution_policy Exec, class Key, class Rank>
void rank_sorted(const Exec& exec, std::span<const Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& options = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {  // int8 ... bool, float16, bfloat16: ranked by their carrier
    detail::via_carrier<detail::op::rank_sorted>(
        exec, [&](auto k) { ordo::rank_sorted(exec, k, ranks, options); }, detail::keys_in(keys));
  } else {
    detail::check_rank_args<Key, Rank>(keys.size(), ranks.size(), options.method, false, "rank_sorted");
    detail::backend<Exec, detail::op::rank_sorted>::run(exec, keys, ranks, options);
  }
}

// Implementation choice for rank() over unsorted keys.
enum class rank_unsorted_variant {
  automatic,
  // Radix-sort (order bits, index) pairs, rank in sorted order, then send
  // each rank home by its index (GPU: a sort by index; CPU: a store). Any
  // key type, any n.
  sort_back,
  // CPU: one stable partition by the top bits of (code - lowest code) into
  // 2^9-2^12 buckets, each bucket ranked in a core's cache, then a replay of
  // the partition reads the ranks back in input order: no random store
  // through memory. Every key type; dense goes to sort_back. automatic
  // picks it from 2^18 keys (src/cpu/rank/rank_replay_cpu.hpp).
  // GPU: 32-bit keys: two MSD digit passes split the keys by their top 16 bits,
  // one block ranks each bucket by counting, and the two passes replay
  // backwards to carry the ranks home; no index is sorted. Falls back to
  // sort_back when a 16-bit key prefix holds more than 8192 keys (one small
  // device-to-host copy decides), for 64-bit keys and for n >= 2^31.
  // automatic picks it for 32-bit keys with 2^25 < n <= 3 * 2^27.
  msd_replay,
  // Keys whose order codes span at most 2^16 values (every 8- and 16-bit
  // integer key and bool; small-range data in any type): a histogram of the
  // values, one scan of it into each value's rank, then one pass of lookups;
  // no sort. The GPU ranks every method but first this way. Keys spanning
  // more throw errc::not_supported. automatic picks it on the CPU wherever
  // the keys' range allows and the tables cost less than the keys (it reads
  // the range first), and on the GPU for the 8- and 16-bit integer and bool
  // keys (methods but first).
  counting,
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

namespace detail {
// Whether rank() counts 8- and 16-bit integer (and bool) keys directly: asked
// for, or automatic from 2^16 keys (below, the tables of 2^16 values would
// outweigh the keys; the carrier's own automatic then decides). The GPU's
// counting ranks every method but first.
template <class Exec>
bool counts_narrow_keys(std::size_t n, const rank_options& o) {
  if (std::is_same_v<Exec, cuda> && o.method == rank_method::ordinal) return false;
  return o.variant == rank_unsorted_variant::counting ||
         (o.variant == rank_unsorted_variant::automatic && n >= (std::size_t(1) << 16));
}
}  // namespace detail

// pandas Series.rank over unsorted keys. Rank: double or float (pandas
// returns float64), or uint32/uint64 for the integral methods without pct.
template <execution_policy Exec, class Key, class Rank>
void rank(const Exec& exec, std::span<const Key> keys, std::span<Rank> ranks, const rank_options& options = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {
    // 8- and 16-bit integers and bool span at most 2^16 values: counted where
    // they lie (no widening; bool as the bytes 0 and 1).
    if constexpr (std::is_integral_v<Key>) {
      if (detail::counts_narrow_keys<Exec>(keys.size(), options)) {
        detail::check_rank_args<Key, Rank>(keys.size(), ranks.size(), options.method, options.pct, "rank");
        rank_options o = options;
        o.variant = rank_unsorted_variant::counting;
        using Bytes = std::conditional_t<std::is_same_v<Key, bool>, std::uint8_t, Key>;
        const std::span<const Bytes> k(reinterpret_cast<const Bytes*>(keys.data()), keys.size());
        return detail::backend<Exec, detail::op::rank>::run(exec, k, ranks, o);
      }
    }
    // The rest are ranked by their carrier: bool as pandas ranks a bool Series.
    detail::via_carrier<detail::op::rank>(
        exec, [&](auto k) { ordo::rank(exec, k, ranks, options); }, detail::keys_in(keys));
  } else {
    detail::check_rank_args<Key, Rank>(keys.size(), ranks.size(), options.method, options.pct, "rank");
    detail::backend<Exec, detail::op::rank>::run(exec, keys, ranks, options);
  }
}

// Convenience: mutable key spans (a device_buffer's span(), say) convert to
// the const spans above, which template deduction will not do by itself.
template <execution_policy Exec, class Key, class Rank>
  requires(!std::is_const_v<Key>)
void rank_sorted(const Exec& exec, std::span<Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& options = {}) {
  rank_sorted(exec, std::span<const Key>(keys), ranks, options);
}
template <execution_policy Exec, class Key, class Rank>
  requires(!std::is_const_v<Key>)
void rank(const Exec& exec, std::span<Key> keys, std::span<Rank> ranks, const rank_options& options = {}) {
  rank(exec, std::span<const Key>(keys), ranks, options);
}

// The variant of that backend (cpu_rank_variant, gpu_rank_variant) that
// `automatic` resolves to for these options (the table's pick), or the one
// the options ask for; errc::not_supported for the other backend's variant.
template <execution_policy Exec>
detail::rank_variant_t<Exec> chosen_variant(const Exec& exec, const rank_sorted_options& options) {
  return detail::backend<Exec, detail::op::chosen_rank_variant<Exec>>::run(exec, options);
}

// Names as the CLI and the Python module spell them ("min", "first"...).
const char* to_string(rank_method m) noexcept;
rank_method parse_rank_method(const char* name);  // throws errc::invalid_argument
const char* to_string(rank_variant v) noexcept;  // "auto" for automatic
const char* to_string(cpu_rank_variant v) noexcept;
const char* to_string(gpu_rank_variant v) noexcept;
rank_variant parse_rank_variant(const char* name);  // "auto" or a name of rank_variant_table
const char* to_string(rank_unsorted_variant v) noexcept;
rank_unsorted_variant parse_rank_unsorted_variant(const char* name);
const char* to_string(na_option v) noexcept;
na_option parse_na_option(const char* name);

}  // namespace ordo

// The backends: backend<cpu, op::rank...>, and backend<cuda, ...> where ordo
// was built with CUDA (else detail/backend.hpp's "not built").
namespace ordo::detail {
// Both backends' rank_sorted and rank (with Op's options), compiled into
// libordo for every key and rank type (src/cpu/rank/rank_cpu.cpp;
// src/cuda/rank: one .cu per key type for rank_sorted, rank_unsorted.cu).
template <built_backend Exec, class Op>
  requires std::same_as<Op, op::rank_sorted> || std::same_as<Op, op::rank>
struct backend<Exec, Op> {
  template <class Key, class Rank>
  static void run(const Exec& exec, std::span<const Key> keys, std::span<Rank> ranks, const typename Op::options& o);
};
}  // namespace ordo::detail

#include "ordo/cpu/rank_cpu.hpp"
#if defined(ORDO_HAS_CUDA)
#include "ordo/cuda/rank_cuda.hpp"
#endif
