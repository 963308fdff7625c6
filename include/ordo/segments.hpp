// How a segmented sort's segments are described: by_offsets, by_bounds or
// fixed_length (see segmented_sort.hpp).
#pragma once
#include <cstdint>
#include <span>
#include <type_traits>

namespace ordo {

namespace detail {
enum class segment_kind : std::uint8_t { offsets, bounds, fixed };
}

// A description of the segments over an array of n elements; build one with
// by_offsets, by_bounds or fixed_length. It holds spans, not copies: the
// arrays must outlive the call (device memory for ordo::cuda).
template <class Offset>
struct segments {
  static_assert(std::is_same_v<Offset, std::int32_t> || std::is_same_v<Offset, std::uint32_t> ||
                    std::is_same_v<Offset, std::int64_t> || std::is_same_v<Offset, std::uint64_t>,
                "segment offsets: int32, uint32, int64 or uint64");
  detail::segment_kind kind = detail::segment_kind::fixed;
  std::span<const Offset> begins;  // offsets: the whole offsets array
  std::span<const Offset> ends;    // bounds only
  std::uint64_t length = 0;        // fixed only
  std::uint64_t first = 0;         // fixed only: the length of the leading segment, 0 for none

  // The number of segments over n elements.
  std::uint64_t count(std::uint64_t n) const {
    switch (kind) {
      case detail::segment_kind::offsets: return begins.empty() ? 0 : begins.size() - 1;
      case detail::segment_kind::bounds: return begins.size();
      case detail::segment_kind::fixed: break;
    }
    if (n == 0 || length == 0) return 0;
    const std::uint64_t head = first < n ? first : n, body = n - head;
    // (not (body + length - 1) / length: that wraps for a length near 2^64)
    return (head > 0) + body / length + (body % length != 0);
  }
};

template <class Offset>
segments<Offset> by_offsets(std::span<const Offset> offsets) {
  return {detail::segment_kind::offsets, offsets, {}, 0, 0};
}
template <class Offset>
segments<Offset> by_bounds(std::span<const Offset> begins, std::span<const Offset> ends) {
  return {detail::segment_kind::bounds, begins, ends, 0, 0};
}
// Segments of `length` elements; with first > 0 a leading segment [0, first)
// comes before them (first < length), as Roughsort's second pass needs.
inline segments<std::uint64_t> fixed_length(std::uint64_t length, std::uint64_t first = 0) {
  return {detail::segment_kind::fixed, {}, {}, length, first};
}

}  // namespace ordo
