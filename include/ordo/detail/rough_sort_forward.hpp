// The cuda overloads of rough_sort.hpp as thin forwards to libordo, which
// compiles one instantiation per key type (values travel as untyped 4- or
// 8-byte words). The in-place calls sort from an n-element scratch copy.
#pragma once
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/detail/primitives_checks.hpp"
#include "ordo/segmented_sort.hpp"  // detail::device_copy, detail::device_scratch_bytes

namespace ordo::detail {

template <class Key>
std::uint64_t radius_cuda(const cuda& exec, const Key* keys, std::uint64_t n, sort_order order);
template <class Key>
void rough_sort_cuda(const cuda& exec, const Key* keys_in, Key* keys_out, const void* values_in, void* values_out,
                     unsigned value_bytes, std::uint64_t n, std::uint64_t k, const rough_sort_options& o);
template <class Key>
void sort_cuda(const cuda& exec, const Key* keys_in, Key* keys_out, const void* values_in, void* values_out,
               unsigned value_bytes, std::uint64_t n, const sort_options& o);

template <class Value>
constexpr unsigned gpu_value_bytes() {
  static_assert(std::is_trivially_copyable_v<Value> && (sizeof(Value) == 4 || sizeof(Value) == 8),
                "on the GPU, values must be 4- or 8-byte trivially copyable types");
  return unsigned(sizeof(Value));
}

// Copies keys (and values) to scratch and runs `f(keys_in, values_in)`.
template <class Key, class Value, class F>
void from_scratch_copy(const cuda& exec, Key* keys, Value* values, std::uint64_t n, F&& f) {
  device_scratch_bytes kscratch(exec, n * sizeof(Key));
  device_copy(exec, kscratch.get(), keys, n * sizeof(Key));
  if constexpr (std::is_void_v<Value>) {
    f(static_cast<const Key*>(kscratch.get()), static_cast<const void*>(nullptr));
  } else {
    device_scratch_bytes vscratch(exec, n * sizeof(Value));
    device_copy(exec, vscratch.get(), values, n * sizeof(Value));
    f(static_cast<const Key*>(kscratch.get()), static_cast<const void*>(vscratch.get()));
  }
}

}  // namespace ordo::detail

namespace ordo {

template <class Key>
std::uint64_t radius(const cuda& exec, std::span<const Key> keys, const radius_options& options) {
  return detail::radius_cuda(exec, keys.data(), keys.size(), options.order);
}

template <class Key>
void rough_sort_copy(const cuda& exec, std::span<const Key> keys_in, std::span<Key> keys_out, std::uint64_t k,
                     const rough_sort_options& options) {
  detail::check_same_size("rough_sort", "keys_out", keys_out.size(), "keys_in", keys_in.size());
  detail::rough_sort_cuda(exec, keys_in.data(), keys_out.data(), nullptr, nullptr, 0, keys_in.size(), k, options);
}

template <class Key, class Value>
void rough_sort_copy(const cuda& exec, std::span<const Key> keys_in, std::span<Key> keys_out,
                     std::span<const Value> values_in, std::span<Value> values_out, std::uint64_t k,
                     const rough_sort_options& options) {
  detail::check_same_size("rough_sort", "keys_out", keys_out.size(), "keys_in", keys_in.size());
  detail::check_same_size("rough_sort", "values_in", values_in.size(), "keys_in", keys_in.size());
  detail::check_same_size("rough_sort", "values_out", values_out.size(), "keys_in", keys_in.size());
  detail::rough_sort_cuda(exec, keys_in.data(), keys_out.data(), values_in.data(), values_out.data(),
                          detail::gpu_value_bytes<Value>(), keys_in.size(), k, options);
}

template <class Key>
void rough_sort(const cuda& exec, std::span<Key> keys, std::uint64_t k, const rough_sort_options& options) {
  detail::from_scratch_copy<Key, void>(exec, keys.data(), nullptr, keys.size(), [&](const Key* kin, const void*) {
    detail::rough_sort_cuda(exec, kin, keys.data(), nullptr, nullptr, 0, keys.size(), k, options);
  });
}

template <class Key, class Value>
void rough_sort(const cuda& exec, std::span<Key> keys, std::span<Value> values, std::uint64_t k,
                const rough_sort_options& options) {
  detail::check_same_size("rough_sort", "values", values.size(), "keys", keys.size());
  const unsigned vb = detail::gpu_value_bytes<Value>();
  detail::from_scratch_copy(exec, keys.data(), values.data(), keys.size(), [&](const Key* kin, const void* vin) {
    detail::rough_sort_cuda(exec, kin, keys.data(), vin, values.data(), vb, keys.size(), k, options);
  });
}

template <class Key>
void sort_copy(const cuda& exec, std::span<const Key> keys_in, std::span<Key> keys_out, const sort_options& options) {
  detail::check_same_size("sort", "keys_out", keys_out.size(), "keys_in", keys_in.size());
  detail::sort_cuda(exec, keys_in.data(), keys_out.data(), nullptr, nullptr, 0, keys_in.size(), options);
}

template <class Key, class Value>
void sort_copy(const cuda& exec, std::span<const Key> keys_in, std::span<Key> keys_out,
               std::span<const Value> values_in, std::span<Value> values_out, const sort_options& options) {
  detail::check_same_size("sort", "keys_out", keys_out.size(), "keys_in", keys_in.size());
  detail::check_same_size("sort", "values_in", values_in.size(), "keys_in", keys_in.size());
  detail::check_same_size("sort", "values_out", values_out.size(), "keys_in", keys_in.size());
  detail::sort_cuda(exec, keys_in.data(), keys_out.data(), values_in.data(), values_out.data(),
                    detail::gpu_value_bytes<Value>(), keys_in.size(), options);
}

template <class Key>
void sort(const cuda& exec, std::span<Key> keys, const sort_options& options) {
  detail::from_scratch_copy<Key, void>(exec, keys.data(), nullptr, keys.size(), [&](const Key* kin, const void*) {
    detail::sort_cuda(exec, kin, keys.data(), nullptr, nullptr, 0, keys.size(), options);
  });
}

template <class Key, class Value>
void sort(const cuda& exec, std::span<Key> keys, std::span<Value> values, const sort_options& options) {
  detail::check_same_size("sort", "values", values.size(), "keys", keys.size());
  const unsigned vb = detail::gpu_value_bytes<Value>();
  detail::from_scratch_copy(exec, keys.data(), values.data(), keys.size(), [&](const Key* kin, const void* vin) {
    detail::sort_cuda(exec, kin, keys.data(), vin, values.data(), vb, keys.size(), options);
  });
}

}  // namespace ordo
