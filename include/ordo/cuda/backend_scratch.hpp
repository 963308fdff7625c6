// What the ordo::cuda backends of the header families share: typed values as
// the untyped 4- or 8-byte words the GPU moves, and the device-to-device copy
// of the in-place calls (defined in libordo,
// src/cuda/segmented_sort/segmented_sort_keys.cu) into ordo::device_buffer
// scratch. No CUDA header needed.
#pragma once
#include <cstdint>
#include <type_traits>

#include "ordo/device_buffer.hpp"
#include "ordo/execution.hpp"

namespace ordo::detail {

struct no_values;  // segmented_sort.hpp: a keys-only call's values

// Bytes per value on the GPU: 0 for a keys-only call (void or no_values).
template <class Value>
constexpr unsigned gpu_value_bytes() {
  using V = std::remove_const_t<Value>;
  if constexpr (std::is_void_v<V> || std::is_same_v<V, no_values>) {
    return 0;
  } else {
    static_assert(std::is_trivially_copyable_v<Value> && (sizeof(Value) == 4 || sizeof(Value) == 8),
                  "on the GPU, values must be 4- or 8-byte trivially copyable types");
    return unsigned(sizeof(Value));
  }
}

// Copies n elements of `bytes` each, device to device, on exec's stream.
void device_copy(const cuda& exec, void* dst, const void* src, std::uint64_t bytes);

// Copies keys (and values, unless keys-only) to scratch and runs
// `f(keys_in, values_in)` with the copies.
template <class Key, class Value, class F>
void from_scratch_copy(const cuda& exec, Key* keys, Value* values, std::uint64_t n, F&& f) {
  constexpr unsigned vbytes = gpu_value_bytes<Value>();
  device_buffer<Key> kscratch(exec, n);
  device_copy(exec, kscratch.data(), keys, n * sizeof(Key));
  if constexpr (vbytes == 0) {
    f(static_cast<const Key*>(kscratch.data()), static_cast<const void*>(nullptr));
  } else {
    device_buffer<unsigned char> vscratch(exec, n * vbytes);
    device_copy(exec, vscratch.data(), values, n * vbytes);
    f(static_cast<const Key*>(kscratch.data()), static_cast<const void*>(vscratch.data()));
  }
}

// A copy-form call (sort_copy, rough_sort_copy) whose keys or values are
// written into themselves, which the front door allows: the outputs that
// are apart take their inputs, then `in_place()` sorts keys_out (and
// values_out) where they are, through from_scratch_copy, since CUB's radix
// sort and the roughsort kernels must not read what they write. False (and
// nothing done) when every output is apart from its input.
template <class Key, class Value, class F>
bool copy_into_itself(const cuda& exec, const Key* keys_in, Key* keys_out, const Value* values_in, Value* values_out,
                      std::uint64_t n, F&& in_place) {
  constexpr unsigned vbytes = gpu_value_bytes<Value>();
  const bool keys_self = keys_in == keys_out;
  const bool values_self = vbytes != 0 && static_cast<const void*>(values_in) == static_cast<const void*>(values_out);
  if (!keys_self && !values_self) return false;
  if (!keys_self) device_copy(exec, keys_out, keys_in, n * sizeof(Key));
  if (vbytes != 0 && !values_self) device_copy(exec, values_out, values_in, n * vbytes);
  in_place();
  return true;
}

}  // namespace ordo::detail
