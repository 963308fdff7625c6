// Segmented sort (seed 004: Hou, Liu, Wang, Feng, "Fast Segmented Sort on
// GPUs", ICS'17): sorts each segment of one array on its own, keys only or
// key-value pairs, on the CPU (segments in parallel, long ones split across
// threads) and on the GPU (the paper's binning, reg-sort, smem-merge and grid
// bin).
//
// Segments are described one of three ways:
//   by_offsets(offsets)        segment i is [offsets[i], offsets[i+1]); n_segments + 1 entries
//   by_bounds(begins, ends)    segment i is [begins[i], ends[i]); gaps and empty segments allowed
//   fixed_length(L, first)     [0, first), then [first + iL, first + (i+1)L) clipped to n
// Offsets may be int32, uint32, int64 or uint64. An offsets array of one
// entry (e.g. {0}, what np.concatenate([[0], np.cumsum(lens)]) gives for an
// empty batch) or of none describes no segments. Segments must not overlap:
// no two may share an element (an empty segment shares none, wherever it
// lies; segments may touch and come in any order). Overlaps are rejected
// under `validate` (below); with validate = false they give undefined
// results. Output elements that no segment covers are not written.
//
// Example (CPU; the same call with ordo::cuda{} on device spans):
//   std::vector<int> keys = {3, 1, 2, 9, 8, 7, 5};
//   std::vector<std::uint32_t> offsets = {0, 3, 3, 7};   // three segments, the middle one empty
//   std::vector<int> out(keys.size());
//   ordo::segmented_sort(ordo::cpu{}, std::span<const int>(keys), std::span<int>(out),
//                        ordo::by_offsets(std::span<const std::uint32_t>(offsets)));
//   // out = 1 2 3 5 7 8 9
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/ops.hpp"
#include "ordo/rank.hpp"  // sort_order
#include "ordo/segments.hpp"
#include "ordo/detail/backend.hpp"
#include "ordo/detail/narrow_keys.hpp"
#include "ordo/detail/primitives_checks.hpp"
#include "ordo/detail/segment_desc.hpp"

namespace ordo {

// How the GPU's register sort writes a sorted segment (the paper's Fig. 9
// axis): straight from the registers it ended in (`direct`, "orig"), or
// striped after the in-register transpose of Fig. 8 (`striped`, "strd").
enum class segsort_write { automatic, direct, striped };

// Which GPU path sorts the segments: the paper's binning with its bins
// (`binned`: reg-sort, smem-merge, the grid bin's merges); for segments that
// are all short and in order (offsets or a fixed length), a pass over tiles
// of the array with no bins (`short_tiles`; other inputs fall back to
// `binned`); or binning with the segments over 64 sorted by block radix
// and bucket sorts, those of 8192 to 2^24 first partitioned by their top
// bits into sub-buckets of about 4096 (`radix_tiles`; built-in orders, user
// comparators fall back to `binned`). `automatic` takes short_tiles where it
// pays, else radix_tiles; where segments of at most 64 hold a quarter of the
// elements beside longer ones, those go through short tiles and only the
// rest through the bins.
enum class segsort_path { automatic, binned, short_tiles, radix_tiles };

struct segmented_sort_options {
  sort_order order = sort_order::ascending;
  // Equal keys keep their input order. Key-value sorts, floating-point keys
  // (so -0.0 / +0.0 and NaNs of other payloads keep their order) and user
  // comparators are always stable, on both backends; a keys-only sort of
  // integer keys with a built-in order, where equal keys are the same bits,
  // is the paper's unstable bitonic path unless this is set.
  bool stable = false;
  segsort_write write = segsort_write::automatic;
  segsort_path path = segsort_path::automatic;
  // Check the segments before any work and throw errc::invalid_argument:
  // begin <= end <= n and offsets non-decreasing (naming the first bad
  // segment), then, for by_bounds, that no two overlap (naming the first
  // pair in order of begin: "segments 0 [0, 4) and 1 [1, 5) overlap").
  // On the GPU the range check is folded into the binning pass and read back
  // with the bin sizes, and always runs; the overlap check of by_bounds costs
  // one more pass over the segments and a read-back when the begins never
  // decrease, else also a radix sort of the (begin, index) pairs and a second
  // read-back. validate = false skips the overlap check (CPU: every check).
  // Offsets cannot overlap (they never decrease) and fixed_length segments
  // are valid by construction: the GPU call then reads nothing back and never
  // waits, so it can be captured into a CUDA graph.
  bool validate = true;
  // GPU, offsets and by_bounds: host_sync = false makes the call read
  // nothing back and never wait on the device, so it can be captured into a
  // CUDA graph like the fixed-length form. The range check cannot throw
  // then: the GPU writes to *status (a device word the caller provides;
  // required) the index of the first segment that is out of range, has
  // begin > end, or holds more than 2^32 - 1 elements, or ~0 when every
  // segment is good; when one is bad, nothing is sorted (keys_out and
  // values_out are not written). by_bounds needs validate = false here (the
  // overlap check reads back). The choices the host makes from the bin
  // sizes are made on the device, and every launch and scratch buffer is
  // sized for the worst case of n and the segment count (the lists take 4
  // bytes a segment, the grid bin for long segments up to about twice n
  // keys and positions): docs/algorithms.md#segmented-sort-without-host-sync.
  // Fixed-length calls never wait with or without it (status is set to ~0).
  // CPU executors check and throw as always and leave status alone.
  bool host_sync = true;
  std::uint64_t* status = nullptr;
};

}  // namespace ordo

namespace ordo::detail {
// Keys-only calls reach the backends with values of this type (null).
struct no_values {};
namespace op {
struct segmented_sort : named_op<"segmented_sort"> {};
struct segmented_sort_in_place : named_op<"segmented_sort_in_place"> {};
}  // namespace op
}  // namespace ordo::detail

namespace ordo {

// In place: the input is copied to a scratch buffer (the CPU sorts each
// segment in a buffer of its own; the GPU takes n elements of scratch from
// exec's memory resource) and sorted back into keys (and values).
template <execution_policy Exec, class Key, class Offset, class Compare = less>
void segmented_sort_in_place(const Exec& exec, std::span<Key> keys, const segments<Offset>& segs,
                             const segmented_sort_options& options = {}, Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {
    detail::via_carrier<detail::op::segmented_sort_in_place>(
        exec, [&](auto k) { ordo::segmented_sort_in_place(exec, k, segs, options, detail::carrier_compare<Key>(comp)); },
        detail::keys_inout(keys));
  } else {
    const auto d = detail::make_segment_desc("segmented_sort_in_place", segs, keys.size());
    detail::backend<Exec, detail::op::segmented_sort_in_place>::run(
        exec, keys.data(), static_cast<detail::no_values*>(nullptr), d, options, comp);
  }
}
template <execution_policy Exec, class Key, class Value, class Offset, class Compare = less>
void segmented_sort_in_place(const Exec& exec, std::span<Key> keys, std::span<Value> values,
                             const segments<Offset>& segs, const segmented_sort_options& options = {},
                             Compare comp = {}) {
  if constexpr (detail::is_narrow_key_v<Key>) {
    detail::via_carrier<detail::op::segmented_sort_in_place>(
        exec,
        [&](auto k) {
          ordo::segmented_sort_in_place(exec, k, values, segs, options, detail::carrier_compare<Key>(comp));
        },
        detail::keys_inout(keys));
  } else {
    detail::check_same_size("segmented_sort_in_place", "values", values.size(), "keys", keys.size());
    const auto d = detail::make_segment_desc("segmented_sort_in_place", segs, keys.size());
    detail::backend<Exec, detail::op::segmented_sort_in_place>::run(exec, keys.data(), values.data(), d, options,
                                                                     comp);
  }
}

// Out of place: keys_out (and values_out) receive each segment sorted by comp
// (reversed for order = descending); the inputs are not modified. Keys: any
// type comp orders (the GPU precompiles ordo::less/greater over the six key
// types; a user comparator needs "ordo/cuda/segmented_sort.cuh" in a .cu
// file), and the narrow keys (int8 ... bool, float16, bfloat16, __half,
// __nv_bfloat16), sorted as their 32-bit carrier (detail/narrow_keys.hpp;
// keys_out is then read as well, so that uncovered elements keep their value).
// Values: any 4- or 8-byte trivially copyable type. keys_out may be keys_in
// itself (with values_out values_in itself): the call then sorts in place;
// an output that overlaps its input otherwise throws errc::invalid_argument.
template <execution_policy Exec, class Key, class Offset, class Compare = less>
void segmented_sort(const Exec& exec, std::span<const Key> keys_in, std::span<Key> keys_out,
                    const segments<Offset>& segs, const segmented_sort_options& options = {}, Compare comp = {}) {
  detail::check_same_size("segmented_sort", "keys_out", keys_out.size(), "keys_in", keys_in.size());
  detail::check_same_or_apart("segmented_sort", "keys_out", keys_out, "keys_in", keys_in);
  if (!keys_in.empty() && keys_out.data() == keys_in.data())  // into itself: sorted in place
    return ordo::segmented_sort_in_place(exec, keys_out, segs, options, comp);
  if constexpr (detail::is_narrow_key_v<Key>) {
    // keys_out is read too: elements no segment covers keep their value
    detail::via_carrier<detail::op::segmented_sort>(
        exec, [&](auto ki, auto ko) { ordo::segmented_sort(exec, ki, ko, segs, options, detail::carrier_compare<Key>(comp)); },
        detail::keys_in(keys_in), detail::keys_inout(keys_out));
  } else {
    const auto d = detail::make_segment_desc("segmented_sort", segs, keys_in.size());
    detail::backend<Exec, detail::op::segmented_sort>::run(exec, keys_in.data(), keys_out.data(),
                                                            static_cast<const detail::no_values*>(nullptr),
                                                            static_cast<detail::no_values*>(nullptr), d, options, comp);
  }
}
template <execution_policy Exec, class Key, class Value, class Offset, class Compare = less>
void segmented_sort(const Exec& exec, std::span<const Key> keys_in, std::span<Key> keys_out,
                    std::span<const Value> values_in, std::span<Value> values_out, const segments<Offset>& segs,
                    const segmented_sort_options& options = {}, Compare comp = {}) {
  detail::check_copy_sizes("segmented_sort", keys_in.size(), keys_out.size(), values_in.size(), values_out.size());
  detail::check_same_or_apart("segmented_sort", "keys_out", keys_out, "keys_in", keys_in);
  detail::check_same_or_apart("segmented_sort", "values_out", values_out, "values_in", values_in);
  const bool keys_self = !keys_in.empty() && keys_out.data() == keys_in.data();
  const bool values_self = !values_in.empty() && static_cast<const void*>(values_out.data()) == values_in.data();
  if (keys_self != values_self)
    detail::prim_fail("segmented_sort", keys_self ? "keys_out is keys_in but values_out is apart from values_in: "
                                                    "pass both into themselves (in place) or neither"
                                                  : "values_out is values_in but keys_out is apart from keys_in: "
                                                    "pass both into themselves (in place) or neither");
  if (keys_self)  // into itself: sorted in place
    return ordo::segmented_sort_in_place(exec, keys_out, values_out, segs, options, comp);
  if constexpr (detail::is_narrow_key_v<Key>) {
    detail::via_carrier<detail::op::segmented_sort>(
        exec,
        [&](auto ki, auto ko) {
          ordo::segmented_sort(exec, ki, ko, values_in, values_out, segs, options, detail::carrier_compare<Key>(comp));
        },
        detail::keys_in(keys_in), detail::keys_inout(keys_out));
  } else {
    const auto d = detail::make_segment_desc("segmented_sort", segs, keys_in.size());
    detail::backend<Exec, detail::op::segmented_sort>::run(exec, keys_in.data(), keys_out.data(), values_in.data(),
                                                            values_out.data(), d, options, comp);
  }
}


const char* to_string(segsort_write w) noexcept;
segsort_write parse_segsort_write(const char* name);  // throws errc::invalid_argument
const char* to_string(segsort_path p) noexcept;
segsort_path parse_segsort_path(const char* name);  // throws errc::invalid_argument

}  // namespace ordo

// The backends: backend<cpu, op::segmented_sort...>, and backend<cuda, ...>
// where ordo was built with CUDA (else detail/backend.hpp's "not built").
#include "ordo/cpu/segmented_sort_cpu.hpp"
#if defined(ORDO_HAS_CUDA)
#include "ordo/cuda/segmented_sort_cuda.hpp"
#endif
