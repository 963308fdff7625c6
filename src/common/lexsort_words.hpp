// Lexicographic order over key columns as 64-bit words (both backends'
// lexsort_idx): each column's order code takes its type's width (NaN the
// lowest or highest code of that width), and consecutive columns are packed
// into one word, the first column most significant, while their widths add
// up to 64 bits or less. Sorting the words stably, least significant word
// first, with the permutation as the value is the order over the columns:
// two 32-bit columns are one sort of one 64-bit key, where one sort per
// column cost about twice as much.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ordo/detail/host_device.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/lexsort.hpp"

namespace ordo::detail::lexsort_words {

// The column's code in `bits` bits: its order bits; NaN below or above every
// number (a float's code is never 0 or all ones at its width).
template <class K>
ORDO_HD std::uint64_t packed_code(K k, bool descending, bool nan_last, int bits) {
  const std::uint64_t mask = bits == 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1;
  if (key_traits<K>::is_nan(k)) return nan_last ? mask : 0;
  return std::uint64_t(key_traits<K>::rank_bits(k, descending, false)) & mask;
}

// The width of a column's code: its type's order-code width.
inline int code_bits(std::uint8_t type) {
  int bits = 64;
  visit_sort_key_type(type, [&]<class K>() { bits = int(8 * sizeof(key_code_t<K>)); });
  return bits;
}

// The words as [begin, end) column ranges, listed least significant first.
inline std::vector<std::pair<std::size_t, std::size_t>> words(std::span<const sort_key> columns) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  std::size_t end = columns.size();
  while (end > 0) {
    std::size_t begin = end;
    int bits = 0;
    while (begin > 0 && bits + code_bits(columns[begin - 1].type) <= 64) bits += code_bits(columns[--begin].type);
    out.emplace_back(begin, end);
    end = begin;
  }
  return out;
}

}  // namespace ordo::detail::lexsort_words
