// What libordo compiles of the GPU radius, roughsort and adaptive sort for
// each key type: ORDO_FOR_EACH_KEY(ORDO_INST_ROUGH), in the CUDA build (a build
// without CUDA has detail/backend.hpp's "not built" instead).
#pragma once
#include <cstdint>

#include "ordo/detail/key_types.hpp"
#include "ordo/rough_sort.hpp"

#define ORDO_INST_ROUGH(K)                                                                                          \
  template std::uint64_t radius_cuda<K>(const cuda&, const K*, std::uint64_t, sort_order);                          \
  template void rough_sort_cuda<K>(const cuda&, const K*, K*, const void*, void*, unsigned, std::uint64_t,         \
                                   std::uint64_t, const rough_sort_options&);                                       \
  template void sort_cuda<K>(const cuda&, const K*, K*, const void*, void*, unsigned, std::uint64_t,               \
                             const sort_options&);
