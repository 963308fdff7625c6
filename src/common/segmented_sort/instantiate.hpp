// The segmented sorts libordo compiles: the built-in order (ordo::less, with
// options.order for descending; ordo::greater maps to it) over the six key
// types. One list for the CUDA build and the stub.
#pragma once
#include <cstdint>

#include "ordo/segmented_sort.hpp"

#define ORDO_SEGSORT_KEYS(DO) \
  DO(std::int32_t) DO(std::uint32_t) DO(std::int64_t) DO(std::uint64_t) DO(float) DO(double)

#define ORDO_INST_SEGSORT(K)                                                                                   \
  template void segmented_sort_cuda<K, ::ordo::less>(const cuda&, const K*, K*, const void*, void*, unsigned, \
                                                     const segment_desc&, const segmented_sort_options&,      \
                                                     ::ordo::less);
