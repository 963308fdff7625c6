// top-k: the k smallest or largest keys with their indices, over a whole
// array (topk) or over each row of a row-major matrix (topk_rows), as
// torch.topk(x, k, largest, sorted=True) gives them: values in order (largest
// first when `largest`), ties broken by index (the lower index first), so the
// result is deterministic. NaN is the largest key (first when largest, last
// otherwise), -0.0 ties +0.0; values are the keys as they are in memory.
//
//   topk(exec, keys, k, values, indices)            values, indices: k each; indices into keys
//   topk_rows(exec, keys, row_length, k, values, indices)
//       keys: rows x row_length; values, indices: rows x k; indices within the row
//
// Keys: the main key list (int32 ... double). On the GPU every span is device
// memory and the call is asynchronous on exec's stream.
//
// Example (CPU):
//   std::vector<float> x = {3, 9, 1, 9, 4};
//   std::vector<float> v(2);
//   std::vector<std::int64_t> i(2);
//   ordo::topk(ordo::cpu{}, std::span<const float>(x), 2, std::span<float>(v), std::span<std::int64_t>(i));
//   // v = 9 9, i = 1 3
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/types.hpp"
#include "ordo/detail/backend.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo {

struct topk_options {
  bool largest = true;  // the k largest (torch's default), else the k smallest
};

}  // namespace ordo

namespace ordo::detail {
namespace op {
struct topk : named_op<"topk"> {};
}  // namespace op

// The checks of both front doors: rows x row_length keys, rows x k outputs.
inline void check_topk_args(const char* fn, std::uint64_t n, std::uint64_t row_length, std::uint64_t k,
                            std::size_t n_values, std::size_t n_indices) {
  const auto fail = [&](const std::string& what) { throw error(errc::invalid_argument, std::string(fn) + ": " + what); };
  if (row_length == 0 && n > 0) fail("the row length must be positive");
  if (row_length > 0 && n % row_length != 0)
    fail(std::to_string(n) + " keys are not whole rows of " + std::to_string(row_length));
  if (n > 0 && k > row_length)
    fail("k = " + std::to_string(k) + " is larger than the " + std::to_string(row_length) + " keys of " +
         (row_length == n ? std::string("the array") : std::string("a row")));
  const std::uint64_t rows = row_length ? n / row_length : 0, want = rows * k;
  if (n_values != want) fail("values has " + std::to_string(n_values) + " elements, want " + std::to_string(want));
  if (n_indices != want) fail("indices has " + std::to_string(n_indices) + " elements, want " + std::to_string(want));
}

}  // namespace ordo::detail

namespace ordo {

template <execution_policy Exec, class Key>
void topk_rows(const Exec& exec, std::span<const Key> keys, std::uint64_t row_length, std::uint64_t k,
               std::span<Key> values, std::span<std::int64_t> indices, const topk_options& options = {}) {
  static_assert(is_key_type_v<Key> && !detail::is_narrow_key_v<Key>, "ordo::topk: keys of the main key list (int32 ... double)");
  detail::check_topk_args("topk", keys.size(), row_length, k, values.size(), indices.size());
  if (keys.empty() || k == 0) return;
  detail::backend<Exec, detail::op::topk>::run(exec, keys, row_length, k, values, indices, options);
}

template <execution_policy Exec, class Key>
void topk(const Exec& exec, std::span<const Key> keys, std::uint64_t k, std::span<Key> values,
          std::span<std::int64_t> indices, const topk_options& options = {}) {
  if (keys.empty()) {  // k = 0 of nothing; k > 0 is too many
    detail::check_topk_args("topk", 0, 0, 0, values.size(), indices.size());
    if (k > 0) throw error(errc::invalid_argument, "topk: k = " + std::to_string(k) + " is larger than the 0 keys of the array");
    return;
  }
  topk_rows(exec, keys, keys.size(), k, values, indices, options);
}

}  // namespace ordo

namespace ordo::detail {
// Both backends' topk, compiled into libordo for every key type
// (src/cpu/topk/topk_cpu.cpp, src/cuda/topk/topk.cu).
template <built_backend Exec>
struct backend<Exec, op::topk> {
  template <class Key>
  static void run(const Exec& exec, std::span<const Key> keys, std::uint64_t row_length, std::uint64_t k,
                  std::span<Key> values, std::span<std::int64_t> indices, const topk_options& o);
};
}  // namespace ordo::detail
