// The key types libordo compiles the GPU radius, roughsort and adaptive sort
// for (the stub build compiles the same list).
#pragma once
#include <cstdint>

#include "ordo/rough_sort.hpp"

#define ORDO_ROUGH_KEYS(X) X(std::int32_t) X(std::uint32_t) X(std::int64_t) X(std::uint64_t) X(float) X(double)

#define ORDO_INST_ROUGH(K)                                                                                          \
  template std::uint64_t radius_cuda<K>(const cuda&, const K*, std::uint64_t, sort_order);                          \
  template void rough_sort_cuda<K>(const cuda&, const K*, K*, const void*, void*, unsigned, std::uint64_t,         \
                                   std::uint64_t, const rough_sort_options&);                                       \
  template void sort_cuda<K>(const cuda&, const K*, K*, const void*, void*, unsigned, std::uint64_t,               \
                             const sort_options&);
