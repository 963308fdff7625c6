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

// The roughsort and radius passes over order codes of one width U (uint32 or
// uint64), in namespace ordo::detail::rough: one .cu per width
// (src/cuda/rough_sort/rough_codes_<bits>.cu), compiled side by side.
#define ORDO_INST_ROUGH_CODES(U)                                                                                   \
  template rough_status window_pass<U>(const cuda&, const code_io<U>&, std::uint64_t, int, std::uint64_t, bool);   \
  template rough_status tiles_pass<U>(const cuda&, const code_io<U>&, std::uint64_t, int);                         \
  template rough_status keys_pass<U>(const cuda&, const code_io<U>&, std::uint64_t, int);                          \
  template std::uint64_t radius_lower_bound<U>(const cuda&, const code_io<U>&, std::uint64_t);                     \
  template std::uint64_t radius_codes<U>(const cuda&, const code_io<U>&, std::uint64_t);
