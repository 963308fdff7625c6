// The CUDA templates behind ordo::segmented_sort. libordo compiles the
// built-in orders; include this from a .cu file to sort with your own
// comparator on the GPU:
//
//   struct by_abs { __host__ __device__ bool operator()(int a, int b) const { return abs(a) < abs(b); } };
//   ordo::segmented_sort(ordo::cuda{stream}, keys, out, ordo::by_offsets(offsets), {}, by_abs{});
//
// Layout (paper Fig. 4): ordo/cuda/thread/element_io (codes, orders; shared
// with rough_sort), warp/reg_sort
// (Alg. 1, Fig. 8), block/smem_merge (Fig. 7), kernel/{bin, reg_sort,
// smem_merge (block and grid bins)}, dispatch/{policies, segsort_dispatch}.
#pragma once
#include "ordo/cuda/segmented_sort/dispatch/segsort_dispatch.cuh"
