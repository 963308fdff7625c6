// First pass over the successor array: in-degree marks
// (common/list_rank/marks.hpp) and, when validating, the checks that need
// them. Also the error-path lookups that name the other party of a fault.
#pragma once
#include <cstdint>

#include "common/list_rank/list_checks.hpp"
#include "common/list_rank/marks.hpp"
#include "cuda/list_rank/thread/list_functors.cuh"

namespace ordo::detail::cuda_list {
using namespace ordo::detail::list;

template <class Index>
__global__ void mark_predecessors(const Index* succ, std::uint64_t n, std::uint32_t* marks, faults* f) {
  const Index end = static_cast<Index>(~Index(0));
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    const Index s = succ[i];
    if (s == end) continue;
    if (succ_value(s) >= n) {
      atomicMin(reinterpret_cast<unsigned long long*>(&f->out_of_range), i);
      continue;
    }
    const std::uint32_t bit = has_pred << mark_shift(s);
    if (atomicOr(&marks[mark_word(s)], bit) & bit) atomicOr(&marks[mark_word(s)], bit << 1);
  }
}

// Validation: the smallest node whose successor has another predecessor, and
// the number and smallest of the heads.
template <class Index>
__global__ void check_marks(const Index* succ, std::uint64_t n, const std::uint32_t* marks, faults* f) {
  unsigned long long heads = 0;
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t s = succ_value(succ[i]);
    if (s < n && (mark_of(marks, s) & many_preds))
      atomicMin(reinterpret_cast<unsigned long long*>(&f->shared_successor), i);
    if (!(mark_of(marks, i) & has_pred)) {
      ++heads;
      atomicMin(reinterpret_cast<unsigned long long*>(&f->first_head), i);
    }
  }
  for (int d = 16; d; d >>= 1) heads += __shfl_down_sync(0xffffffffu, heads, d);
  if ((threadIdx.x & 31) == 0 && heads) atomicAdd(reinterpret_cast<unsigned long long*>(&f->heads), heads);
}

// Error path: smallest j != i with succ[j] == s.
template <class Index>
__global__ void find_other_predecessor(const Index* succ, std::uint64_t n, std::uint64_t s, std::uint64_t i,
                                       unsigned long long* out) {
  for (std::uint64_t j = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < n;
       j += std::uint64_t(gridDim.x) * blockDim.x)
    if (j != i && succ_value(succ[j]) == s) atomicMin(out, j);
}

// Error path: smallest head above h.
template <class Word>
__global__ void find_next_head(const Word* marks, std::uint64_t n, std::uint64_t h, unsigned long long* out) {
  for (std::uint64_t j = h + 1 + blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; j < n;
       j += std::uint64_t(gridDim.x) * blockDim.x)
    if (!(mark_of(marks, j) & has_pred)) atomicMin(out, j);
}

}  // namespace ordo::detail::cuda_list
