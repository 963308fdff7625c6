// Dispatch for fork: offsets by an exclusive scan of the counts (CUB, in 64
// bits, saturating so that a total past uint64 is seen), then either variant.
#pragma once
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>

#include <cstdint>
#include <span>

#include "ordo/cuda/detail/arch_policy.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/primitives/dispatch/cub_backed.cuh"
#include "ordo/cuda/primitives/dispatch/policies.cuh"
#include "ordo/cuda/primitives/kernel/fork_kernels.cuh"

namespace ordo::detail {

template <class Count>
struct count_or_zero {
  const Count* counts;
  std::uint64_t np;
  __host__ __device__ std::uint64_t operator()(std::uint64_t i) const { return i < np ? std::uint64_t(counts[i]) : 0; }
};

template <class P, class Count, class Index>
void fork_with(const cuda& exec, std::span<const Count> counts, std::span<Index> parent, std::span<Index> sibling,
               const fork_options& options) {
  if (!sibling.empty()) check_same_size("fork", "sibling", sibling.size(), "parent", parent.size());
  check_index_fits<Index>("fork", counts.size() > parent.size() ? counts.size() : parent.size());
  cudaStream_t s = exec.stream;
  const std::uint64_t np = counts.size(), cap = parent.size();
  scratch<std::uint64_t> off(exec, np + 1);
  auto items = thrust::make_transform_iterator(thrust::counting_iterator<std::uint64_t>(0), count_or_zero<Count>{counts.data(), np});
  with_cub_temp(exec, "cub::DeviceScan::ExclusiveScan (fork offsets)", [&](void* t, std::size_t& b) {
    return cub::DeviceScan::ExclusiveScan(t, b, items, off.data(), prim::saturating_plus{}, std::uint64_t(0),
                                          std::int64_t(np + 1), s);
  });
  const fork_variant v = chosen_variant(exec, options.variant);
  if (v == fork_variant::load_balanced) {
    const std::uint64_t tiles = (np + cap + P::tile - 1) / P::tile;
    if (tiles) {
      scratch<std::uint64_t> split(exec, tiles + 1);
      prim::fork_partition_kernel<P::tile><<<ceil_blocks(tiles + 1, 256), 256, 0, s>>>(off.data(), np, cap, tiles,
                                                                                       split.data());
      ORDO_CUDA_LAUNCH_CHECK("fork_partition_kernel");
      auto kernel = prim::fork_fill_kernel<P::threads, P::items, Index>;
      const int smem = P::tile * int(sizeof(std::uint64_t)) + 2 * prim::padded_smem<Index>::size_for(P::tile) * int(sizeof(Index));
      require_smem_optin(smem, "fork_fill_kernel");
      ORDO_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
      kernel<<<unsigned(tiles), P::threads, smem, s>>>(off.data(), np, cap, split.data(), parent.data(),
                                                       sibling.empty() ? nullptr : sibling.data());
      ORDO_CUDA_LAUNCH_CHECK("fork_fill_kernel");
    }
  } else {
    // Listing 1: the host loop reads the number of live parents back after
    // each round, as BSGP's barrier did.
    scratch<prim::owed_children> live(exec, np), next(exec, np);
    scratch<std::uint64_t> n_live(exec, 1);
    prim::fork_owed_init_kernel<<<elementwise_blocks(np), 256, 0, s>>>(counts.data(), off.data(), np, cap, live.data());
    ORDO_CUDA_LAUNCH_CHECK("fork_owed_init_kernel");
    std::uint64_t n0 = np;
    for (std::uint64_t sz = 1; n0 > 0; sz *= 2) {
      prim::fork_doubling_fill_kernel<<<elementwise_blocks(n0 * sz), 256, 0, s>>>(live.data(), n0, sz, cap,
                                                                                  parent.data());
      ORDO_CUDA_LAUNCH_CHECK("fork_doubling_fill_kernel");
      auto advanced = thrust::make_transform_iterator(live.data(), prim::advance_owed{sz});
      with_cub_temp(exec, "cub::DeviceSelect::If (fork)", [&](void* t, std::size_t& b) {
        return cub::DeviceSelect::If(t, b, advanced, next.data(), n_live.data(), std::int64_t(n0), prim::still_owed{}, s);
      });
      ORDO_CUDA_CHECK(cudaMemcpyAsync(&n0, n_live.data(), sizeof n0, cudaMemcpyDeviceToHost, s));
      ORDO_CUDA_CHECK(cudaStreamSynchronize(s));
      std::swap(live, next);
    }
    if (!sibling.empty() && cap) {
      prim::fork_sibling_kernel<<<elementwise_blocks(cap), 256, 0, s>>>(off.data(), np, cap, parent.data(),
                                                                         sibling.data());
      ORDO_CUDA_LAUNCH_CHECK("fork_sibling_kernel");
    }
  }
  if (options.validate) {
    std::uint64_t total = 0;
    ORDO_CUDA_CHECK(cudaMemcpyAsync(&total, off.data() + np, sizeof total, cudaMemcpyDeviceToHost, s));
    ORDO_CUDA_CHECK(cudaStreamSynchronize(s));
    if (total == ~std::uint64_t(0)) fail_fork_saturated();
    if (total != cap) fail_fork_total(total, cap);
  }
}

// The exact total: a 64-bit sum with a sticky carry, so a total of exactly
// 2^64 - 1 is told apart from one past it (saturation alone cannot).
struct sum_with_carry {
  std::uint64_t sum;
  std::uint64_t carried;
};
template <class Count>
struct count_as_sum {
  const Count* counts;
  __host__ __device__ sum_with_carry operator()(std::uint64_t i) const { return {std::uint64_t(counts[i]), 0}; }
};
struct add_with_carry {
  __host__ __device__ sum_with_carry operator()(const sum_with_carry& a, const sum_with_carry& b) const {
    const std::uint64_t s = a.sum + b.sum;
    return {s, a.carried | b.carried | std::uint64_t(s < a.sum)};
  }
};

template <class Count>
std::uint64_t fork_total_and_wait_cuda(const cuda& exec, std::span<const Count> counts) {
  const std::uint64_t np = counts.size();
  scratch<sum_with_carry> total(exec, 1);
  auto items = thrust::make_transform_iterator(thrust::counting_iterator<std::uint64_t>(0), count_as_sum<Count>{counts.data()});
  with_cub_temp(exec, "cub::DeviceReduce::Reduce (fork total)", [&](void* t, std::size_t& b) {
    return cub::DeviceReduce::Reduce(t, b, items, total.data(), std::int64_t(np), add_with_carry{},
                                     sum_with_carry{0, 0}, exec.stream);
  });
  sum_with_carry v{0, 0};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&v, total.data(), sizeof v, cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  if (v.carried) fail_fork_saturated();
  return v.sum;
}

template <class Count, class Index>
void fork_cuda(const cuda& exec, std::span<const Count> counts, std::span<Index> parent, std::span<Index> sibling,
               const fork_options& options) {
  fork_with<prim::fork_tile_policy>(exec, counts, parent, sibling, options);
}

}  // namespace ordo::detail
