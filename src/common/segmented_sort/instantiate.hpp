// The segmented sorts libordo compiles: the built-in order (ordo::less, with
// options.order for descending; ordo::greater maps to it) over the key types:
// ORDO_FOR_EACH_KEY(ORDO_INST_SEGSORT), in the CUDA build only.
#pragma once
#include <cstdint>

#include "ordo/detail/key_types.hpp"
#include "ordo/segmented_sort.hpp"

#define ORDO_INST_SEGSORT(K)                                                                                   \
  template void segmented_sort_cuda<K, ::ordo::less>(const cuda&, const K*, K*, const void*, void*, unsigned, \
                                                     const segment_desc&, const segmented_sort_options&,      \
                                                     ::ordo::less);
