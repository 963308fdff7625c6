// Dispatch for sort_idx's sample-sort variant (integer keys of at most 32
// bits under less or greater, fewer than 2^32 keys): two split levels of k1
// and k2 buckets, chosen so buckets hold about P::target packed words, then
// one block per bucket. The merge sort needs log2(n / 8192) passes over
// the pairs; this needs two split passes and one bucket sort, with no
// host synchronisation (grids are sized for the largest possible tile count).
#pragma once
#include <cub/device/device_scan.cuh>
#include <cstdint>
#include <span>

#include "ordo/cuda/detail/arch_policy.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/primitives/dispatch/policies.cuh"
#include "ordo/cuda/primitives/kernel/sample_sort_kernels.cuh"

namespace ordo::detail {

inline int pow2_at_least(std::uint64_t x, int cap) {
  int k = 1;
  while (k < cap && std::uint64_t(k) < x) k *= 2;
  return k;
}

// One split level: the words of `segs` (given by bounds with `count`
// segments) go to k buckets each; writes out and the next level's bounds.
template <class P, class Source>
void split_level(const cuda& exec, Source src, std::uint32_t n, const std::uint32_t* bounds, std::uint32_t count,
                 int k, prim::word* splitters, std::uint32_t* tile_start, std::uint32_t* counts, prim::word* out,
                 std::uint32_t* next_bounds) {
  cudaStream_t s = exec.stream;
  prim::segment_tiles_kernel<256, P::split_tile><<<1, 256, 0, s>>>(bounds, count, tile_start);
  ORDO_CUDA_LAUNCH_CHECK("segment_tiles_kernel");
  prim::sample_splitters_kernel<P::sample_threads, P::sample_items>
      <<<count, P::sample_threads, 0, s>>>(src, bounds, k, splitters);
  ORDO_CUDA_LAUNCH_CHECK("sample_splitters_kernel");
  const prim::tiled_segments segs{bounds, tile_start, count};
  // Every segment may end in a partial tile: at most n / tile + count tiles.
  const unsigned grid = ceil_blocks(n, P::split_tile) + count;
  const std::size_t used = std::size_t(k) * grid;
  ORDO_CUDA_CHECK(cudaMemsetAsync(counts, 0, used * sizeof(std::uint32_t), s));
  prim::bucket_count_kernel<P::split_threads, P::split_items>
      <<<grid, P::split_threads, 0, s>>>(src, segs, k, splitters, counts);
  ORDO_CUDA_LAUNCH_CHECK("bucket_count_kernel");
  std::size_t temp_bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(nullptr, temp_bytes, counts, counts, used, s));
  scratch<unsigned char> temp(exec, temp_bytes);
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveSum(temp.data(), temp_bytes, counts, counts, used, s));
  auto scatter = prim::bucket_scatter_kernel<P::split_threads, P::split_items, Source>;
  constexpr int smem = prim::bucket_scatter_smem_bytes<P::split_threads, P::split_items>();
  require_smem_optin(smem, "bucket_scatter_kernel");
  ORDO_CUDA_CHECK(cudaFuncSetAttribute(scatter, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  ORDO_CUDA_CHECK(cudaFuncSetAttribute(scatter, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  scatter<<<grid, P::split_threads, smem, s>>>(src, segs, k, splitters, counts, out);
  ORDO_CUDA_LAUNCH_CHECK("bucket_scatter_kernel");
  const std::uint32_t next = count * std::uint32_t(k);
  prim::bucket_bounds_kernel<<<ceil_blocks(next + 1, 256), 256, 0, s>>>(segs, k, counts, n, next_bounds);
  ORDO_CUDA_LAUNCH_CHECK("bucket_bounds_kernel");
}

template <class P, class Key, class Index, class Compare>
void sample_sort_idx(const cuda& exec, const Key* keys, std::uint32_t n, Index* perm, Key* keys_out) {
  static_assert(prim::packable_v<Key, Compare>);
  cudaStream_t s = exec.stream;
  const int k1 = std::max(2, pow2_at_least((std::uint64_t(n) + P::target - 1) / P::target, P::buckets));
  const int k2 = pow2_at_least((std::uint64_t(n) + std::uint64_t(k1) * P::target - 1) / (std::uint64_t(k1) * P::target),
                               P::buckets);
  const std::uint32_t buckets = std::uint32_t(k1) * std::uint32_t(k2);
  const std::size_t counts_len =
      std::size_t(std::max(k1, k2)) * (ceil_blocks(n, P::split_tile) + std::uint32_t(k1));
  scratch<prim::word> w1(exec, n), w2(exec, k2 > 1 ? n : 0);
  scratch<prim::word> splitters(exec, std::size_t(k1) * std::size_t(std::max(k1, k2)));
  scratch<std::uint32_t> counts(exec, counts_len), tile_start(exec, std::size_t(k1) + 1);
  scratch<std::uint32_t> bounds0(exec, 2), bounds1(exec, std::size_t(k1) + 1), bounds2(exec, k2 > 1 ? buckets + 1 : 0);

  prim::whole_segment_kernel<<<1, 1, 0, s>>>(bounds0.data(), n);
  ORDO_CUDA_LAUNCH_CHECK("whole_segment_kernel");
  split_level<P>(exec, prim::packing_source<Key, Compare>{keys}, n, bounds0.data(), 1, k1, splitters.data(),
                 tile_start.data(), counts.data(), w1.data(), bounds1.data());
  prim::word* words = w1.data();
  prim::word* spare = w2.data();
  const std::uint32_t* bounds = bounds1.data();
  if (k2 > 1) {
    split_level<P>(exec, prim::word_source{w1.data()}, n, bounds1.data(), std::uint32_t(k1), k2, splitters.data(),
                   tile_start.data(), counts.data(), w2.data(), bounds2.data());
    words = w2.data();
    spare = w1.data();
    bounds = bounds2.data();
  }
  // Level one alone leaves buckets in w1 with no spare of its size: borrow w2's.
  scratch<prim::word> spare1(exec, k2 > 1 ? 0 : n);
  if (k2 == 1) spare = spare1.data();
  auto sort = prim::bucket_sort_kernel<P::sort_threads, P::sort_items, Key, Index, Compare>;
  constexpr int smem = prim::bucket_sort_smem_bytes<P::sort_threads, P::sort_items>();
  require_smem_optin(smem, "bucket_sort_kernel");
  ORDO_CUDA_CHECK(cudaFuncSetAttribute(sort, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  ORDO_CUDA_CHECK(cudaFuncSetAttribute(sort, cudaFuncAttributePreferredSharedMemoryCarveout, 100));
  sort<<<buckets, P::sort_threads, smem, s>>>(words, spare, bounds, perm, keys_out);
  ORDO_CUDA_LAUNCH_CHECK("bucket_sort_kernel");
}

}  // namespace ordo::detail
