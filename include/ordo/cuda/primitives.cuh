// The CUDA templates behind primitives.hpp, for a .cu file that calls a
// primitive with its own operator, predicate or comparator (a functor with a
// __host__ __device__ or __device__ call operator):
//
//   #include "ordo/cuda/primitives.cuh"
//   struct by_abs { __host__ __device__ bool operator()(int a, int b) const { return abs(a) < abs(b); } };
//   ordo::sort_idx(ordo::cuda{stream}, keys, perm, {}, by_abs{});
//
// libordo already holds the built-in functors (plus, minimum, maximum, less,
// greater) for the six key types, so plain C++ callers never need this.
#pragma once
#include "ordo/primitives.hpp"
#include "ordo/cuda/primitives/dispatch/cub_backed.cuh"
#include "ordo/cuda/primitives/dispatch/fork_dispatch.cuh"
#include "ordo/cuda/primitives/dispatch/merge_dispatch.cuh"
#include "ordo/cuda/primitives/dispatch/sort_idx_dispatch.cuh"
#include "ordo/cuda/primitives/dispatch/split_dispatch.cuh"
