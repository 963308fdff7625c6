// Argument checks shared by both backends of rank_sorted and rank, so the two
// reject the same inputs with the same messages.
#pragma once
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>

#include "ordo/rank.hpp"

namespace ordo::detail {

template <class Key, class Rank>
void check_rank_args(std::size_t n_keys, std::size_t n_ranks, rank_method method, bool pct,
                     const char* fn) {
  static_assert(is_key_type_v<Key>, "ordo: not a key type (include/ordo/detail/key_types.hpp lists them)");
  static_assert(is_rank_type_v<Rank>, "ordo: rank type must be uint32, uint64, float or double");
  if (n_keys != n_ranks)
    throw error(errc::invalid_argument, std::string(fn) + ": ranks has " + std::to_string(n_ranks) +
                                            " elements but keys has " + std::to_string(n_keys));
  if constexpr (std::is_integral_v<Rank>) {
    if (method == rank_method::average)
      throw error(errc::invalid_argument,
                  std::string(fn) + ": method 'average' gives fractional ranks; use a float or double rank type");
    if (pct)
      throw error(errc::invalid_argument,
                  std::string(fn) + ": pct gives fractional ranks; use a float or double rank type");
  }
  if constexpr (std::is_same_v<Rank, std::uint32_t>) {
    if (n_keys > std::numeric_limits<std::uint32_t>::max())
      throw error(errc::invalid_argument,
                  std::string(fn) + ": " + std::to_string(n_keys) +
                      " keys do not fit uint32 ranks; use uint64 ranks for n >= 2^32");
  }
}

inline std::string unsorted_message(std::size_t i, sort_order order) {
  return "rank_sorted: keys are not sorted in " +
         std::string(order == sort_order::ascending ? "ascending" : "descending") +
         " order (NaN " + (order == sort_order::ascending ? "last" : "first") + "): keys[" +
         std::to_string(i) + "] and keys[" + std::to_string(i + 1) + "] are out of order";
}

}  // namespace ordo::detail
