// The cuda overloads of segmented_sort.hpp as thin forwards to the backend
// template (ordo/cuda/segmented_sort.cuh). Values travel as untyped 4- or
// 8-byte words, so libordo compiles one instantiation per key type; built-in
// orders arrive as ordo::less plus options.order.
#pragma once
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/detail/primitives_checks.hpp"
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

// Copies n elements of `bytes` each, device to device, on exec's stream.
void device_copy(const cuda& exec, void* dst, const void* src, std::uint64_t bytes);

// Scratch for the in-place calls: n elements of `bytes`, freed on the stream.
class device_scratch_bytes {
 public:
  device_scratch_bytes(const cuda& exec, std::uint64_t bytes);
  ~device_scratch_bytes();
  device_scratch_bytes(const device_scratch_bytes&) = delete;
  device_scratch_bytes& operator=(const device_scratch_bytes&) = delete;
  void* get() const { return p_; }

 private:
  cuda exec_;
  void* p_ = nullptr;
  std::uint64_t bytes_ = 0;
};

}  // namespace ordo::detail

namespace ordo {

template <class Key, class Offset, class Compare>
void segmented_sort(const cuda& exec, std::span<const Key> keys_in, std::span<Key> keys_out,
                    const segments<Offset>& segs, const segmented_sort_options& options, Compare comp) {
  detail::check_same_size("segmented_sort", "keys_out", keys_out.size(), "keys_in", keys_in.size());
  const auto d = detail::make_segment_desc("segmented_sort", segs, keys_in.size());
  detail::segmented_sort_cuda_any(exec, keys_in.data(), keys_out.data(), nullptr, nullptr, 0, d, options, comp);
}

template <class Key, class Value, class Offset, class Compare>
void segmented_sort(const cuda& exec, std::span<const Key> keys_in, std::span<Key> keys_out,
                    std::span<const Value> values_in, std::span<Value> values_out, const segments<Offset>& segs,
                    const segmented_sort_options& options, Compare comp) {
  static_assert(std::is_trivially_copyable_v<Value> && (sizeof(Value) == 4 || sizeof(Value) == 8),
                "on the GPU, values must be 4- or 8-byte trivially copyable types");
  detail::check_same_size("segmented_sort", "keys_out", keys_out.size(), "keys_in", keys_in.size());
  detail::check_same_size("segmented_sort", "values_in", values_in.size(), "keys_in", keys_in.size());
  detail::check_same_size("segmented_sort", "values_out", values_out.size(), "keys_in", keys_in.size());
  const auto d = detail::make_segment_desc("segmented_sort", segs, keys_in.size());
  detail::segmented_sort_cuda_any(exec, keys_in.data(), keys_out.data(), values_in.data(), values_out.data(),
                                  unsigned(sizeof(Value)), d, options, comp);
}

template <class Exec, class Key, class Offset, class Compare>
void segmented_sort_in_place(const Exec& exec, std::span<Key> keys, const segments<Offset>& segs,
                             const segmented_sort_options& options, Compare comp) {
  const auto d = detail::make_segment_desc("segmented_sort_in_place", segs, keys.size());
  if constexpr (std::is_same_v<Exec, cpu>) {
    detail::segmented_sort_cpu<Key, detail::no_values>(exec, keys.data(), keys.data(), nullptr, nullptr, d, options,
                                                       comp);
  } else {
    detail::device_scratch_bytes copy(exec, keys.size_bytes());
    detail::device_copy(exec, copy.get(), keys.data(), keys.size_bytes());
    detail::segmented_sort_cuda_any(exec, static_cast<const Key*>(copy.get()), keys.data(), nullptr, nullptr, 0, d,
                                    options, comp);
  }
}

template <class Exec, class Key, class Value, class Offset, class Compare>
void segmented_sort_in_place(const Exec& exec, std::span<Key> keys, std::span<Value> values,
                             const segments<Offset>& segs, const segmented_sort_options& options, Compare comp) {
  detail::check_same_size("segmented_sort_in_place", "values", values.size(), "keys", keys.size());
  const auto d = detail::make_segment_desc("segmented_sort_in_place", segs, keys.size());
  if constexpr (std::is_same_v<Exec, cpu>) {
    detail::segmented_sort_cpu(exec, keys.data(), keys.data(), values.data(), values.data(), d, options, comp);
  } else {
    static_assert(std::is_trivially_copyable_v<Value> && (sizeof(Value) == 4 || sizeof(Value) == 8),
                  "on the GPU, values must be 4- or 8-byte trivially copyable types");
    detail::device_scratch_bytes kcopy(exec, keys.size_bytes()), vcopy(exec, values.size_bytes());
    detail::device_copy(exec, kcopy.get(), keys.data(), keys.size_bytes());
    detail::device_copy(exec, vcopy.get(), values.data(), values.size_bytes());
    detail::segmented_sort_cuda_any(exec, static_cast<const Key*>(kcopy.get()), keys.data(), vcopy.get(),
                                    values.data(), unsigned(sizeof(Value)), d, options, comp);
  }
}

}  // namespace ordo
