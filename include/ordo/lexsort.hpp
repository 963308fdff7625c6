// Multi-key order: the stable sorting permutation over several key columns
// (up to 8, each of its own type, direction and NaN placement), the first
// column primary. LSD: the permutation is stably re-sorted by each column's
// order code, least significant first (the codes of consecutive columns
// packed into 64-bit words, one sort per word; docs/grouped.md).
//
//   lexsort_idx(exec, columns, perm)   columns: sort_key each (make_sort_key)
//
// Equal rows keep their input order. NaN ties NaN and -0.0 ties +0.0; NaN goes
// after every number (nan_last) or before, whatever the direction. On the GPU
// the columns and perm are device memory; the call is asynchronous on exec's
// stream.
//
// Example (CPU): by team ascending, then score descending:
//   std::vector<int> team = {2, 1, 2, 1};
//   std::vector<double> score = {0.5, 0.7, 0.9, 0.1};
//   std::vector<std::uint32_t> perm(4);
//   const ordo::sort_key cols[] = {ordo::make_sort_key(std::span<const int>(team)),
//                                  ordo::make_sort_key(std::span<const double>(score), true)};
//   ordo::lexsort_idx(ordo::cpu{}, std::span<const ordo::sort_key>(cols), std::span<std::uint32_t>(perm));
//   // perm = 1 3 2 0
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/types.hpp"
#include "ordo/detail/backend.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/detail/key_types.hpp"

namespace ordo {

// One key column, its type erased: its position in the key list
// (key_types.hpp, ORDO_FOR_EACH_KEY).
struct sort_key {
  const void* data = nullptr;
  std::uint64_t n = 0;
  std::uint8_t type = 0;
  bool descending = false;
  bool nan_last = true;
};

inline constexpr std::size_t max_sort_keys = 8;

namespace detail {
#define ORDO_SORT_KEY_POSITION_(T) \
  if (std::is_same_v<K, T>) return i;  \
  ++i;
template <class K>
constexpr std::uint8_t sort_key_type() {
  std::uint8_t i = 0;
  ORDO_FOR_EACH_KEY(ORDO_SORT_KEY_POSITION_)
  return 0xff;
}
#undef ORDO_SORT_KEY_POSITION_

// How many types sort_key::type can name (the main key list's length).
#define ORDO_SORT_KEY_COUNT_(T) ++i;
constexpr std::uint8_t sort_key_type_count() {
  std::uint8_t i = 0;
  ORDO_FOR_EACH_KEY(ORDO_SORT_KEY_COUNT_)
  return i;
}
#undef ORDO_SORT_KEY_COUNT_

// f.template operator()<K>() for the column's key type.
#define ORDO_SORT_KEY_VISIT_(T) \
  if (type == i++) return f.template operator()<T>();
template <class F>
decltype(auto) visit_sort_key_type(std::uint8_t type, F&& f) {
  std::uint8_t i = 0;
  ORDO_FOR_EACH_KEY(ORDO_SORT_KEY_VISIT_)
  return f.template operator()<double>();  // never: make_sort_key set a listed type
}
#undef ORDO_SORT_KEY_VISIT_

namespace op {
struct lexsort_idx : named_op<"lexsort_idx"> {};
}  // namespace op
}  // namespace detail

template <class K>
sort_key make_sort_key(std::span<const K> keys, bool descending = false, bool nan_last = true) {
  static_assert(detail::sort_key_type<K>() != 0xff, "ordo::make_sort_key: keys of the main key list (int32 ... double)");
  return {keys.data(), keys.size(), detail::sort_key_type<K>(), descending, nan_last};
}

namespace detail {
// The checks of every front door over key columns (lexsort_idx, rank over
// columns): 1 to 8 columns of listed types, each of n keys with data.
inline void check_sort_keys(const char* fn, std::span<const sort_key> columns, std::uint64_t n, const char* of_what) {
  const auto fail = [&](const std::string& what) { throw error(errc::invalid_argument, std::string(fn) + ": " + what); };
  if (columns.empty() || columns.size() > max_sort_keys)
    fail("takes 1 to " + std::to_string(max_sort_keys) + " key columns, got " + std::to_string(columns.size()));
  for (std::size_t c = 0; c < columns.size(); ++c) {
    if (columns[c].type >= sort_key_type_count())
      fail("column " + std::to_string(c) + " names key type " + std::to_string(columns[c].type) +
           ", which is not in the key list (make sort_keys with ordo::make_sort_key)");
    if (columns[c].n != n)
      fail("column " + std::to_string(c) + " has " + std::to_string(columns[c].n) + " keys but " + of_what + " has " +
           std::to_string(n));
    if (columns[c].n > 0 && columns[c].data == nullptr) fail("column " + std::to_string(c) + " has no data");
  }
}
}  // namespace detail

template <execution_policy Exec, class Index>
void lexsort_idx(const Exec& exec, std::span<const sort_key> columns, std::span<Index> perm) {
  static_assert(std::is_same_v<Index, std::uint32_t> || std::is_same_v<Index, std::uint64_t>, "Index: uint32 or uint64");
  detail::check_sort_keys("lexsort_idx", columns, perm.size(), "perm");
  if (std::is_same_v<Index, std::uint32_t> && perm.size() > 0xffffffffull)
    throw error(errc::invalid_argument, "lexsort_idx: " + std::to_string(perm.size()) + " rows do not fit uint32 indices");
  if (perm.empty()) return;
  detail::backend<Exec, detail::op::lexsort_idx>::run(exec, columns, perm);
}

// The 64-bit order code of one column's key: ascending (or complemented for
// descending), NaN at 0 or at all ones; ascending codes are the column's order.
namespace detail {
template <class K>
ORDO_HD std::uint64_t sort_key_code(K k, bool descending, bool nan_last) {
  if (key_traits<K>::is_nan(k)) return nan_last ? ~std::uint64_t(0) : 0;
  return key_traits<K>::rank_bits(k, descending, false);  // a number's bits are never 0 or all ones for floats
}
}  // namespace detail

}  // namespace ordo

namespace ordo::detail {
// Both backends' lexsort_idx, compiled into libordo for uint32 and uint64
// (src/cpu/lexsort/lexsort_cpu.cpp, src/cuda/lexsort/lexsort.cu).
template <built_backend Exec>
struct backend<Exec, op::lexsort_idx> {
  template <class Index>
  static void run(const Exec& exec, std::span<const sort_key> columns, std::span<Index> perm);
};
}  // namespace ordo::detail
