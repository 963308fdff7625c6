// rough_sort.hpp's ordo::cuda backend: backend<cuda, op::...> forward to
// libordo, which compiles one instantiation per key type (values travel as
// untyped 4- or 8-byte words). The in-place calls sort from an n-element
// scratch copy. Included by rough_sort.hpp where ordo was built with CUDA.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ordo/cuda/backend_scratch.hpp"

namespace ordo::detail {

template <class Key>
std::uint64_t radius_cuda(const cuda& exec, const Key* keys, std::uint64_t n, sort_order order);
template <class Key>
void rough_sort_cuda(const cuda& exec, const Key* keys_in, Key* keys_out, const void* values_in, void* values_out,
                     unsigned value_bytes, std::uint64_t n, std::uint64_t k, const rough_sort_options& o);
template <class Key>
void sort_cuda(const cuda& exec, const Key* keys_in, Key* keys_out, const void* values_in, void* values_out,
               unsigned value_bytes, std::uint64_t n, const sort_options& o);

// The GPU takes the built-in orders only: ordo::less, with options.order.
template <class Compare>
constexpr void require_builtin_order_on_gpu() {
  static_assert(std::is_same_v<Compare, less>,
                "on the GPU, radius, rough_sort and sort take the built-in orders (options.order), not a comparator");
}

template <>
struct backend<cuda, op::radius> {
  template <class Key, class Compare>
  static std::uint64_t run(const cuda& exec, const Key* keys, std::uint64_t n, const radius_options& o, Compare) {
    require_builtin_order_on_gpu<Compare>();
    return radius_cuda(exec, keys, n, o.order);
  }
};

// The in-place calls first: the copy forms call them when an output is its input.
template <>
struct backend<cuda, op::rough_sort> {
  template <class Key, class Value, class Compare>
  static void run(const cuda& exec, Key* keys, Value* values, std::uint64_t n, std::uint64_t k,
                  const rough_sort_options& o, Compare) {
    require_builtin_order_on_gpu<Compare>();
    from_scratch_copy(exec, keys, values, n, [&](const Key* kin, const void* vin) {
      rough_sort_cuda(exec, kin, keys, vin, values, gpu_value_bytes<Value>(), n, k, o);
    });
  }
};

template <>
struct backend<cuda, op::rough_sort_copy> {
  template <class Key, class Value, class Compare>
  static void run(const cuda& exec, const Key* keys_in, Key* keys_out, const Value* values_in, Value* values_out,
                  std::uint64_t n, std::uint64_t k, const rough_sort_options& o, Compare comp) {
    require_builtin_order_on_gpu<Compare>();
    if (copy_into_itself(exec, keys_in, keys_out, values_in, values_out, n, [&] {
          backend<cuda, op::rough_sort>::run(exec, keys_out, values_out, n, k, o, comp);
        }))
      return;
    rough_sort_cuda(exec, keys_in, keys_out, values_in, values_out, gpu_value_bytes<Value>(), n, k, o);
  }
};

template <>
struct backend<cuda, op::sort> {
  template <class Key, class Value, class Compare>
  static void run(const cuda& exec, Key* keys, Value* values, std::uint64_t n, const sort_options& o, Compare) {
    require_builtin_order_on_gpu<Compare>();
    from_scratch_copy(exec, keys, values, n, [&](const Key* kin, const void* vin) {
      sort_cuda(exec, kin, keys, vin, values, gpu_value_bytes<Value>(), n, o);
    });
  }
};

template <>
struct backend<cuda, op::sort_copy> {
  template <class Key, class Value, class Compare>
  static void run(const cuda& exec, const Key* keys_in, Key* keys_out, const Value* values_in, Value* values_out,
                  std::uint64_t n, const sort_options& o, Compare comp) {
    require_builtin_order_on_gpu<Compare>();
    if (copy_into_itself(exec, keys_in, keys_out, values_in, values_out, n, [&] {
          backend<cuda, op::sort>::run(exec, keys_out, values_out, n, o, comp);
        }))
      return;
    sort_cuda(exec, keys_in, keys_out, values_in, values_out, gpu_value_bytes<Value>(), n, o);
  }
};

}  // namespace ordo::detail
