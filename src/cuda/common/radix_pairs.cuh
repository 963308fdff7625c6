// A stable CUB radix sort of (key, value) pairs over the key's low end_bit
// bits (default all), with
// its temporary storage from exec's resource: int item counts for 32-bit
// values up to INT32_MAX items (CUB's faster offsets), 64-bit otherwise (a
// uint32 index reaches 2^32 - 1 items).
#pragma once
#include <cub/device/device_radix_sort.cuh>

#include <cstdint>
#include <type_traits>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/execution.hpp"

namespace ordo::detail {

template <class NumItems, class T, class I>
void radix_sort_pairs_as(const cuda& exec, cub::DoubleBuffer<T>& keys, cub::DoubleBuffer<I>& values, std::uint64_t n,
                         int end_bit) {
  std::size_t temp_bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, keys, values, NumItems(n), 0, end_bit,
                                                  exec.stream));
  scratch<unsigned char> temp(exec, temp_bytes);
  ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.data(), temp_bytes, keys, values, NumItems(n), 0, end_bit,
                                                  exec.stream));
}

template <class T, class I>
void radix_sort_pairs(const cuda& exec, cub::DoubleBuffer<T>& keys, cub::DoubleBuffer<I>& values, std::uint64_t n,
                      int end_bit = int(sizeof(T) * 8)) {
  if (std::is_same_v<I, std::uint32_t> && n <= std::uint64_t(INT32_MAX))
    radix_sort_pairs_as<int>(exec, keys, values, n, end_bit);
  else
    radix_sort_pairs_as<std::int64_t>(exec, keys, values, n, end_bit);
}

}  // namespace ordo::detail
