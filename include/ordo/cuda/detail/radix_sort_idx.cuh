// sort_idx's radix path for the built-in orders (ordo::less / greater over
// 4- and 8-byte arithmetic keys), which `automatic` takes on the GPU as on
// the CPU: the keys' order codes with their positions through CUB's radix
// sort (stable; -0.0 ties +0.0 and NaN sorts last, as ordo::less), the sorted
// keys gathered by position so that each keeps its bits. Compiled once into
// libordo (src/cuda/rough_sort/radix_fallback.cu); fewer than 2^32 keys.
#pragma once
#include <cstdint>

#include "ordo/execution.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail::rough {

// perm: index_bytes (4 or 8) per element; sorted_keys may be null.
void radix_sort_idx_any(const cuda& exec, key_kind kind, bool descending, unsigned key_bytes, const void* keys,
                        void* sorted_keys, void* perm, unsigned index_bytes, std::uint64_t n);

}  // namespace ordo::detail::rough
