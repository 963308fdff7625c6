// The key-independent half of rank() on the GPU: sort (order bits, index)
// pairs with CUB's radix sort, then rank and scatter. Instantiated per bit
// width in rank_bits_32.cu / rank_bits_64.cu, so the heavy radix-sort code
// compiles twice, not once per key type.
#pragma once
#include <cstdint>

#include "ordo/execution.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank {

// bits/index: two buffers each (CUB DoubleBuffer), the first filled.
template <class U, class I, class R>
void sort_and_rank_bits(const cuda& exec, U* bits0, U* bits1, I* index0, I* index1, std::uint64_t n,
                        const rank_options& o, bool keep_nan, R* out);

}  // namespace ordo::detail::cuda_rank
