// The message of rank_sorted's `validate`, the same on both backends.
#pragma once
#include <cstddef>
#include <string>

#include "ordo/rank.hpp"

namespace ordo::detail {

inline std::string unsorted_message(std::size_t i, sort_order order) {
  return "rank_sorted: keys are not sorted in " +
         std::string(order == sort_order::ascending ? "ascending" : "descending") +
         " order (NaN " + (order == sort_order::ascending ? "last" : "first") + "): keys[" +
         std::to_string(i) + "] and keys[" + std::to_string(i + 1) + "] are out of order";
}

}  // namespace ordo::detail
