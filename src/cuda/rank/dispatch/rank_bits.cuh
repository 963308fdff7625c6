// The key-independent half of rank() on the GPU: sort (order bits, index)
// pairs with CUB's radix sort, then rank and scatter. Instantiated per bit
// width in rank_bits_32.cu / rank_bits_64.cu, so the heavy radix-sort code
// compiles twice, not once per key type.
#pragma once
#include <cstdint>

#include "ordo/execution.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank {

// Up to this size a random scatter of the ranks stays in L2. Beyond it,
// scattered 4- and 8-byte writes run at DRAM transaction rate (also when
// grouped into L2-sized windows first; docs/benchmarks.md#tuning-rank-scatter),
// so the ranks are instead sorted back into input order by their original
// index.
constexpr std::uint64_t direct_scatter_limit = std::uint64_t(1) << 22;


// bits/index: two buffers each (CUB DoubleBuffer), the first filled.
template <class U, class I, class R>
void sort_and_rank_bits(const cuda& exec, U* bits0, U* bits1, I* index0, I* index1, std::uint64_t n,
                        const rank_options& o, bool keep_nan, R* out);

}  // namespace ordo::detail::cuda_rank
