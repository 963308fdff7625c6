// A whole list in one thread block's shared memory: RHJ's base case once the
// reduced list is small (the paper hands it to Wyllie or the CPU, Sec. 4.3),
// and the automatic choice for small inputs. Predecessor links, then Wyllie's
// pointer jumping toward the head in synchronous rounds; after
// ceil(log2 n) rounds every node of a list has reached its head, so a node
// whose link is still set lies on a cycle.
#pragma once
#include <cstdint>

#include "common/list_rank/marks.hpp"
#include "cuda/list_rank/thread/list_functors.cuh"

namespace ordo::detail::cuda_list {
using namespace ordo::detail::list;

inline constexpr int single_block_threads = 1024;
inline constexpr int single_block_items = 16;
inline constexpr std::uint64_t single_block_max = std::uint64_t(single_block_threads) * single_block_items;

template <class V>
constexpr std::size_t single_block_smem(std::uint64_t n) {
  return ((n * 4 + 15) / 16) * 16 + n * sizeof(V);
}

template <class V, class Index, class Src, class Op, class Sink>
__global__ void __launch_bounds__(single_block_threads)
    single_block_scan(const Index* succ, std::uint32_t n, const std::uint32_t* marks, Src src, Op op, Sink sink,
                      unsigned rounds) {
  extern __shared__ __align__(16) unsigned char smem[];
  std::uint32_t* pred = reinterpret_cast<std::uint32_t*>(smem);
  V* val = reinterpret_cast<V*>(smem + ((std::uint64_t(n) * 4 + 15) / 16) * 16);
  constexpr std::uint32_t none32 = 0xffffffffu;
  for (std::uint32_t x = threadIdx.x; x < n; x += blockDim.x) {
    pred[x] = none32;
    val[x] = src(x);
  }
  __syncthreads();
  for (std::uint32_t x = threadIdx.x; x < n; x += blockDim.x) {
    const std::uint64_t s = succ_value(succ[x]);
    if (s < n && !(mark_of(marks, s) & many_preds)) pred[s] = x;
  }
  __syncthreads();
  for (unsigned r = 0; r < rounds; ++r) {
    std::uint32_t np[single_block_items];
    V nv[single_block_items];
#pragma unroll
    for (int k = 0; k < single_block_items; ++k) {
      const std::uint32_t x = threadIdx.x + k * single_block_threads;
      if (x >= n) break;
      const std::uint32_t p = pred[x];
      np[k] = p == none32 ? none32 : pred[p];
      nv[k] = p == none32 ? val[x] : op(val[p], val[x]);
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < single_block_items; ++k) {
      const std::uint32_t x = threadIdx.x + k * single_block_threads;
      if (x >= n) break;
      pred[x] = np[k];
      val[x] = nv[k];
    }
    __syncthreads();
  }
  for (std::uint32_t x = threadIdx.x; x < n; x += blockDim.x) sink(x, val[x], pred[x] != none32);
}

}  // namespace ordo::detail::cuda_list
