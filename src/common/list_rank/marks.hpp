// In-degree marks: two bits per node, sixteen nodes per 32-bit word.
//   has_pred    some node points here (not set: the node is a head)
//   many_preds  two or more do (invalid input)
// Two bits keep the array at n/4 bytes, small enough to stay in the GPU's L2
// while the sublist walks read it at random. Set with atomic OR, by
// `mark_predecessor` on the GPU and its std::atomic_ref twin on the CPU.
#pragma once
#include <cstddef>
#include <cstdint>

#include "ordo/detail/host_device.hpp"

namespace ordo::detail::list {

inline constexpr unsigned has_pred = 1u;
inline constexpr unsigned many_preds = 2u;

ORDO_HD std::size_t mark_words(std::size_t n) { return (n + 15) / 16; }
ORDO_HD std::uint64_t mark_word(std::uint64_t x) { return x >> 4; }
ORDO_HD unsigned mark_shift(std::uint64_t x) { return 2u * static_cast<unsigned>(x & 15); }
ORDO_HD unsigned mark_of(const std::uint32_t* marks, std::uint64_t x) {
  return (marks[mark_word(x)] >> mark_shift(x)) & 3u;
}

}  // namespace ordo::detail::list
