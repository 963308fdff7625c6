// rank_sorted on the GPU for float keys (one file per key type so the
// kernels compile in parallel).
#include "cuda/rank/dispatch/rank_sorted_dispatch.cuh"
ORDO_INSTANTIATE_CUDA_RANK_SORTED(float)
