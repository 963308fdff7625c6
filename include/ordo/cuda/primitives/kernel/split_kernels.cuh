// Kernel scope for split (Sengupta et al.'s split by scan, generalised to K
// buckets): each block owns a segment of the input; a histogram kernel counts
// its buckets, a scan over (bucket, segment) gives every segment's first slot
// per bucket, and a scatter kernel re-reads the segment in order, ranking
// elements within a warp by __match_any_sync so equal buckets keep input order.
#pragma once
#include <cstdint>

namespace ordo::detail::prim {

inline constexpr unsigned no_bucket = 0xffffffffu;

// flags mode: bucket = (flag != 0); bucket mode: bucket[i], invalid if >= k.
__device__ __forceinline__ unsigned bucket_of(const std::uint8_t* b, std::uint64_t i, unsigned k, bool flags) {
  const unsigned v = b[i];
  if (flags) return v != 0;
  return v < k ? v : no_bucket;
}

template <int THREADS>
__global__ void __launch_bounds__(THREADS) split_histogram_kernel(const std::uint8_t* bucket, std::uint64_t n,
                                                                  std::uint64_t seg_len, unsigned k, bool flags,
                                                                  std::uint32_t* counts, unsigned long long* first_bad) {
  __shared__ unsigned hist[256];
  for (unsigned b = threadIdx.x; b < k; b += THREADS) hist[b] = 0;
  __syncthreads();
  const std::uint64_t seg = blockIdx.x, begin = seg * seg_len, end = min(n, begin + seg_len);
  for (std::uint64_t i = begin + threadIdx.x; i < end; i += THREADS) {
    const unsigned b = bucket_of(bucket, i, k, flags);
    if (b != no_bucket) atomicAdd(&hist[b], 1u);
    else atomicMin(first_bad, (unsigned long long)i);
  }
  __syncthreads();
  for (unsigned b = threadIdx.x; b < k; b += THREADS) counts[std::uint64_t(b) * gridDim.x + seg] = hist[b];
}

template <int THREADS, class W>
__global__ void __launch_bounds__(THREADS) split_scatter_kernel(const W* in, const std::uint8_t* bucket, std::uint64_t n,
                                                                std::uint64_t seg_len, unsigned k, bool flags,
                                                                const std::uint64_t* seg_first, W* out) {
  constexpr int WARPS = THREADS / 32;
  __shared__ unsigned warp_count[WARPS][256];
  __shared__ std::uint64_t warp_first[WARPS][256];
  __shared__ std::uint64_t next[256];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  const std::uint64_t seg = blockIdx.x, begin = seg * seg_len, end = min(n, begin + seg_len);
  for (unsigned b = threadIdx.x; b < k; b += THREADS) {
    next[b] = seg_first[std::uint64_t(b) * gridDim.x + seg];
    for (int w = 0; w < WARPS; ++w) warp_count[w][b] = 0;
  }
  __syncthreads();
  for (std::uint64_t step = begin; step < end; step += THREADS) {
    const std::uint64_t i = step + threadIdx.x;
    const unsigned b = i < end ? bucket_of(bucket, i, k, flags) : no_bucket;
    const unsigned peers = __match_any_sync(0xffffffffu, b);
    const unsigned rank = __popc(peers & ((1u << lane) - 1));
    if (b != no_bucket && rank == 0) warp_count[warp][b] = __popc(peers);
    __syncthreads();
    for (unsigned bb = threadIdx.x; bb < k; bb += THREADS) {
      std::uint64_t run = next[bb];
      for (int w = 0; w < WARPS; ++w) {
        warp_first[w][bb] = run;
        run += warp_count[w][bb];
        warp_count[w][bb] = 0;
      }
      next[bb] = run;
    }
    __syncthreads();
    if (b != no_bucket) out[warp_first[warp][b] + rank] = in[i];
  }
}

// offsets[b] = first slot of bucket b, offsets[k] = elements placed; in flags
// mode only the count of zeros is wanted.
template <int = 0>  // a template, so every translation unit may hold it
__global__ void split_offsets_kernel(const std::uint64_t* seg_first, unsigned k, std::uint64_t segs, bool flags,
                                     std::uint64_t* out) {
  const unsigned b = threadIdx.x;
  if (flags) {
    if (b == 0) out[0] = seg_first[segs];
    return;
  }
  if (b <= k) out[b] = seg_first[std::uint64_t(b) * segs];
}

}  // namespace ordo::detail::prim
