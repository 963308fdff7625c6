// A stable CUB radix sort of (key, value) pairs over the key's low end_bit
// bits (default all), with
// its temporary storage from exec's resource: int item counts for 32-bit
// values (CUB's faster offsets), 64-bit for 64-bit ones.
#pragma once
#include <cub/device/device_radix_sort.cuh>

#include <cstdint>
#include <type_traits>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/execution.hpp"

namespace ordo::detail {

template <class T, class I>
void radix_sort_pairs(const cuda& exec, cub::DoubleBuffer<T>& keys, cub::DoubleBuffer<I>& values, std::uint64_t n,
                      int end_bit = int(sizeof(T) * 8)) {
  using NumItems = std::conditional_t<std::is_same_v<I, std::uint32_t>, int, std::int64_t>;
  std::size_t temp_bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, keys, values, NumItems(n), 0, end_bit,
                                                  exec.stream));
  scratch<unsigned char> temp(exec, temp_bytes);
  ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.data(), temp_bytes, keys, values, NumItems(n), 0, end_bit,
                                                  exec.stream));
}

}  // namespace ordo::detail
