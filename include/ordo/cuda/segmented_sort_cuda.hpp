// segmented_sort.hpp's ordo::cuda backend: backend<cuda, op::segmented_sort...>
// forward to the template in ordo/cuda/segmented_sort.cuh. Values travel as
// untyped 4- or 8-byte words, so libordo compiles one instantiation per key
// type; built-in orders arrive as ordo::less plus options.order. Included by
// segmented_sort.hpp where ordo was built with CUDA.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ordo/cuda/backend_scratch.hpp"
#include "ordo/detail/segment_desc.hpp"

namespace ordo::detail {

template <class Key, class Compare>
void segmented_sort_cuda(const cuda& exec, const Key* keys_in, Key* keys_out, const void* values_in,
                         void* values_out, unsigned value_bytes, const segment_desc& d,
                         const segmented_sort_options& o, Compare comp);

// ordo::greater is ordo::less with the order flipped (one instantiation).
template <class Key, class Compare>
void segmented_sort_cuda_any(const cuda& exec, const Key* keys_in, Key* keys_out, const void* values_in,
                             void* values_out, unsigned value_bytes, const segment_desc& d,
                             const segmented_sort_options& o, Compare comp) {
  if constexpr (std::is_same_v<Compare, greater>) {
    segmented_sort_options f = o;
    f.order = o.order == sort_order::ascending ? sort_order::descending : sort_order::ascending;
    segmented_sort_cuda<Key, less>(exec, keys_in, keys_out, values_in, values_out, value_bytes, d, f, less{});
  } else {
    segmented_sort_cuda<Key, Compare>(exec, keys_in, keys_out, values_in, values_out, value_bytes, d, o, comp);
  }
}

template <>
struct backend<cuda, op::segmented_sort> {
  template <class Key, class Value, class Compare>
  static void run(const cuda& exec, const Key* in, Key* out, const Value* vin, Value* vout, const segment_desc& d,
                  const segmented_sort_options& o, Compare comp) {
    constexpr unsigned vbytes = gpu_value_bytes<Value>();
    segmented_sort_cuda_any(exec, in, out, vbytes ? static_cast<const void*>(vin) : nullptr,
                            vbytes ? static_cast<void*>(vout) : nullptr, vbytes, d, o, comp);
  }
};

// In place: the input is copied to n elements of scratch and sorted back.
template <>
struct backend<cuda, op::segmented_sort_in_place> {
  template <class Key, class Value, class Compare>
  static void run(const cuda& exec, Key* keys, Value* values, const segment_desc& d, const segmented_sort_options& o,
                  Compare comp) {
    constexpr unsigned vbytes = gpu_value_bytes<Value>();
    from_scratch_copy(exec, keys, values, d.n, [&](const Key* kin, const void* vin) {
      segmented_sort_cuda_any(exec, kin, keys, vin, vbytes ? static_cast<void*>(values) : nullptr, vbytes, d, o,
                              comp);
    });
  }
};

}  // namespace ordo::detail
