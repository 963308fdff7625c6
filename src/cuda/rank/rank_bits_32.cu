// rank() on the GPU, sort and rank of 32-bit order bits.
#include "cuda/rank/dispatch/rank_bits_impl.cuh"
ORDO_INSTANTIATE_RANK_BITS_ALL(std::uint32_t)
