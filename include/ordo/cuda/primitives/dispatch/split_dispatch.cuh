// Dispatch for split: histogram, scan of (bucket, segment) counts, scatter.
#pragma once
#include <cub/device/device_scan.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>
#include <cstdint>
#include <span>

#include "ordo/cuda/detail/arch_policy.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/device_props.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/primitives/dispatch/cub_backed.cuh"
#include "ordo/cuda/primitives/dispatch/policies.cuh"
#include "ordo/cuda/primitives/kernel/split_kernels.cuh"

namespace ordo::detail {

// counts[i] for i < size, then one 0, so the scan's last entry is the total.
struct counts_then_zero {
  const std::uint32_t* counts;
  std::uint64_t size;
  __host__ __device__ std::uint64_t operator()(std::uint64_t i) const { return i < size ? counts[i] : 0; }
};

// The histogram, the scan of the (bucket, segment) counts and the scatter,
// on tiles of P (n > 0, arguments checked); FLAGS: by flags, k = 2.
template <class P, bool FLAGS, class W>
void split_passes(const cuda& exec, std::span<const W> in, std::span<const std::uint8_t> bucket, unsigned k,
                  std::span<W> out, std::span<std::uint64_t> offsets, bool validate) {
  constexpr bool flags = FLAGS;
  cudaStream_t s = exec.stream;
  const std::uint64_t n = in.size();
  // Longer segments for more buckets keep the (bucket, segment) table small.
  const std::uint64_t seg_len = std::uint64_t(P::tile) * (k > 32 ? k / 32 : 1);
  const std::uint64_t segs = (n + seg_len - 1) / seg_len;
  const std::uint64_t cells = segs * k;
  scratch<std::uint32_t> counts(exec, cells);
  scratch<std::uint64_t> first(exec, cells + 1);
  scratch<unsigned long long> bad(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(bad.data(), 0xff, sizeof(unsigned long long), s));
  // Split by flags: the histogram and the scatter run a grid of what the GPU
  // holds at once, each block walking segments (block starts cost more than
  // their reads: 2 ways 1.17 -> 1.04 ms on an H200). Buckets keep a block per
  // segment in both kernels: the walking grid made them slower (256 ways
  // 2.01 -> 2.31 ms, 16 ways 1.62 -> 1.74).
  const auto grid = [&](const void* kernel, int threads = P::threads) {
    int per_sm = 0;
    ORDO_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, 0));
    return unsigned(std::min<std::uint64_t>(segs, std::uint64_t(std::max(per_sm, 1)) * current_device_props().sm_count));
  };
  const auto hist = prim::split_histogram_kernel<P::threads>;
  const unsigned hist_grid = flags ? grid(reinterpret_cast<const void*>(hist)) : unsigned(segs);
  hist<<<hist_grid, P::threads, 0, s>>>(bucket.data(), n, seg_len, segs, k, flags, counts.data(), bad.data());
  ORDO_CUDA_LAUNCH_CHECK("split_histogram_kernel");
  auto items = thrust::make_transform_iterator(thrust::counting_iterator<std::uint64_t>(0),
                                               counts_then_zero{counts.data(), cells});
  with_cub_temp(exec, "cub::DeviceScan::ExclusiveScan (split)", [&](void* t, std::size_t& b) {
    return cub::DeviceScan::ExclusiveScan(t, b, items, first.data(), ::cuda::std::plus<>{}, std::uint64_t(0),
                                          std::int64_t(cells + 1), s);
  });
  // A ring kernel runs on the resident grid where both spans start on a
  // 16-byte boundary and the device gives its ring beside its static shared
  // memory (the 8-byte rings need more than sm_86/89 allow); false, nothing
  // launched, otherwise: the caller takes the register tiles.
  const auto try_ring = [&](auto kernel, std::size_t ring_bytes, const char* what, auto... args) {
    const auto aligned16 = [](const void* p) { return reinterpret_cast<std::uintptr_t>(p) % 16 == 0; };
    if (!aligned16(in.data()) || !aligned16(bucket.data())) return false;
    cudaFuncAttributes a{};
    ORDO_CUDA_CHECK(cudaFuncGetAttributes(&a, kernel));
    if (!smem_optin_fits(a.sharedSizeBytes + ring_bytes)) return false;
    allow_smem(kernel, ring_bytes, what, a.sharedSizeBytes);
    const unsigned blocks = unsigned(std::min<std::uint64_t>(segs, resident_blocks(kernel, P::threads, ring_bytes)));
    kernel<<<blocks, P::threads, ring_bytes, s>>>(args...);
    return true;
  };
  // Flags: ranked by ballots. Buckets: the digit width 2^bits > k, so that an
  // invalid bucket keeps a digit of its own (8 bits: every byte is a digit).
  auto scatter = [&]<int BITS>() {
    if constexpr (prim::prefetch_stages<P>() > 0) {
      constexpr int S = prim::prefetch_stages<P>();
      if (try_ring(prim::split_scatter_prefetch_kernel<P::threads, P::items, BITS, S, W, prim::early_counts<P>()>,
                   prim::split_ring_smem<P::threads, P::items, S, W>(), "split (by bucket)", in.data(),
                   bucket.data(), n, seg_len, segs, k, static_cast<const std::uint64_t*>(first.data()), out.data()))
        return;
    }
    const auto kernel = prim::split_scatter_kernel<P::threads, P::items, BITS, W, prim::early_counts<P>()>;
    kernel<<<unsigned(segs), P::threads, 0, s>>>(in.data(), bucket.data(), n, seg_len, segs, k, first.data(),
                                                 out.data());
  };
  if constexpr (FLAGS && prim::prefetch_stages<P>() > 0) {
    if (!try_ring(prim::split_flags_scatter_prefetch_kernel<P::threads, P::items, P::prefetch, W>,
                  prim::split_ring_smem<P::threads, P::items, P::prefetch, W>(), "split (by flags)",
                  in.data(), bucket.data(), n, segs, static_cast<const std::uint64_t*>(first.data()), out.data())) {
      // register tiles of 256x16, the best of them (split-probe-05069f3.txt),
      // whatever the policy's block size; a segment of P::tile is one or more
      // of their tiles, or a partial one
      constexpr int FT = 256;
      const auto fallback = prim::split_flags_scatter_kernel<FT, 16, false, W>;
      fallback<<<grid(reinterpret_cast<const void*>(fallback), FT), FT, 0, s>>>(in.data(), bucket.data(), n, seg_len,
                                                                                segs, first.data(), out.data());
    }
  } else if constexpr (FLAGS) {
    const auto kernel = prim::split_flags_scatter_kernel<P::threads, P::items, P::staged, W>;
    kernel<<<grid(reinterpret_cast<const void*>(kernel)), P::threads, 0, s>>>(in.data(), bucket.data(), n, seg_len,
                                                                              segs, first.data(), out.data());
  } else if (k < 32) {
    scatter.template operator()<5>();
  } else {
    scatter.template operator()<8>();
  }
  ORDO_CUDA_LAUNCH_CHECK("split_scatter_kernel");
  prim::split_offsets_kernel<><<<1, 288, 0, s>>>(first.data(), k, segs, flags, offsets.data());
  ORDO_CUDA_LAUNCH_CHECK("split_offsets_kernel");
  if (validate && !flags) {
    unsigned long long at = 0;
    ORDO_CUDA_CHECK(cudaMemcpyAsync(&at, bad.data(), sizeof at, cudaMemcpyDeviceToHost, s));
    ORDO_CUDA_CHECK(cudaStreamSynchronize(s));
    if (at != ~0ull) {
      std::uint8_t v = 0;
      ORDO_CUDA_CHECK(cudaMemcpy(&v, bucket.data() + at, 1, cudaMemcpyDeviceToHost));
      fail_bucket(at, v, k);
    }
  }
}

// split_with<FlagsPolicy, BucketPolicy>: the tiles of the two-way split by
// flags and of the K-way split (bench/probes/split_probe.cu times
// candidates); split_cuda takes the defaults of policies.cuh.
template <class FlagsPolicy, class BucketPolicy, class W>
void split_with(const cuda& exec, std::span<const W> in, std::span<const std::uint8_t> bucket, unsigned k, bool flags,
                std::span<W> out, std::span<std::uint64_t> offsets, bool validate) {
  check_same_size("split", flags ? "flags" : "bucket", bucket.size(), "in", in.size());
  check_same_size("split", "out", out.size(), "in", in.size());
  if (flags) check_count_slot("split", "zeros", offsets.size());
  else check_n_buckets("split", k, offsets.size());
  cudaStream_t s = exec.stream;
  const std::uint64_t n = in.size();
  if (n == 0) {
    ORDO_CUDA_CHECK(cudaMemsetAsync(offsets.data(), 0, offsets.size_bytes(), s));
    return;
  }
  if (flags) split_passes<FlagsPolicy, true>(exec, in, bucket, 2, out, offsets, false);
  else split_passes<BucketPolicy, false>(exec, in, bucket, k, out, offsets, validate);
}

template <class W>
void split_cuda(const cuda& exec, std::span<const W> in, std::span<const std::uint8_t> bucket, unsigned k, bool flags,
                std::span<W> out, std::span<std::uint64_t> offsets, bool validate) {
  using flags_policy = prim::split_flags_tile_policy<sizeof(W)>;
  using bucket_policy = prim::split_bucket_tile_policy<sizeof(W)>;
  split_with<flags_policy, bucket_policy>(exec, in, bucket, k, flags, out, offsets, validate);
}

}  // namespace ordo::detail
