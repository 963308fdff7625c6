// The checks of list_rank.hpp's front doors and the list options every
// backend checks the same way, with the same messages.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "ordo/error.hpp"

namespace ordo::detail::list {

template <class Index, class Out>
void check_list_args(std::size_t n, std::size_t out_size, std::size_t values_size, const char* fn) {
  if (out_size != n)
    throw error(errc::invalid_argument, std::string(fn) + ": the output has " + std::to_string(out_size) +
                                            " elements for " + std::to_string(n) + " nodes");
  if (values_size != n)
    throw error(errc::invalid_argument, std::string(fn) + ": values has " + std::to_string(values_size) +
                                            " elements for " + std::to_string(n) + " nodes");
  if constexpr (sizeof(Index) == 4) {
    if (n >= (std::uint64_t(1) << 32) - 1)
      throw error(errc::invalid_argument, std::string(fn) + ": 32-bit successors address at most 2^32 - 2 nodes, got " +
                                              std::to_string(n) + "; use 64-bit indices");
  }
  if constexpr (std::is_integral_v<Out> && sizeof(Out) == 4) {
    if (n > std::numeric_limits<std::uint32_t>::max())
      throw error(errc::invalid_argument, std::string(fn) + ": " + std::to_string(n) +
                                              " nodes do not fit 32-bit ranks; use 64-bit ranks");
  }
}

inline void check_stride(std::uint64_t stride, const char* what) {
  if (stride != 0 && (stride < 2 || (stride & (stride - 1)) != 0 || stride > (std::uint64_t(1) << 20)))
    throw error(errc::invalid_argument,
                std::string("list options: ") + what + " must be a power of two from 2 to 2^20, got " + std::to_string(stride));
}

}  // namespace ordo::detail::list
