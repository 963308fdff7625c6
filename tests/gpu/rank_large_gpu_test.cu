// n >= 2^32 with 64-bit ranks, generated and checked on the device (copying
// tens of GB to the host would take longer than ranking them). Needs about
// 50 GB of device memory; skipped with a message where there is less.
#include <cuda_runtime.h>

#include <cstdint>

#include <gtest/gtest.h>

#include "gpu/gpu_cases.hpp"

namespace {

constexpr std::uint64_t group = 1000;

__global__ void fill_groups(std::uint32_t* keys, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    keys[i] = std::uint32_t(i / group);
}

// min rank of i is the start of its group + 1; max rank is the group end.
__global__ void count_wrong(const std::uint64_t* ranks, std::uint64_t n, bool max_method, unsigned long long* wrong) {
  unsigned long long mine = 0;
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t start = i / group * group;
    const std::uint64_t end = start + group < n ? start + group : n;
    mine += ranks[i] != (max_method ? end : start + 1);
  }
  if (mine) atomicAdd(wrong, mine);
}

TEST(RankSortedGpuLarge, MoreThanTwoToThe32Keys) {
  ORDO_REQUIRE_GPU();
  const std::uint64_t n = (std::uint64_t(1) << 32) + 12345;
  size_t free_bytes = 0, total = 0;
  ASSERT_EQ(cudaMemGetInfo(&free_bytes, &total), cudaSuccess);
  if (free_bytes < n * 12 + (std::uint64_t(1) << 30)) GTEST_SKIP() << "needs ~52 GB of free device memory";
  ordo::device_buffer<std::uint32_t> keys(n);
  ordo::device_buffer<std::uint64_t> ranks(n);
  ordo::device_buffer<unsigned long long> wrong(1);
  fill_groups<<<4096, 256>>>(keys.data(), n);
  for (auto m : {ordo::rank_method::min, ordo::rank_method::max}) {
    for (auto v : {ordo::rank_variant::automatic, ordo::rank_variant::hybrid}) {
      ASSERT_EQ(cudaMemset(wrong.data(), 0, sizeof(unsigned long long)), cudaSuccess);
      ordo::rank_sorted_options o;
      o.method = m;
      o.variant = v;
      ordo::rank_sorted(ordo::cuda{}, std::span<const std::uint32_t>(keys.data(), n), ranks.span(), o);
      count_wrong<<<4096, 256>>>(ranks.data(), n, m == ordo::rank_method::max, wrong.data());
      ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
      unsigned long long w = 1;
      ASSERT_EQ(cudaMemcpy(&w, wrong.data(), sizeof w, cudaMemcpyDeviceToHost), cudaSuccess);
      EXPECT_EQ(w, 0u) << ordo::to_string(m) << " / " << ordo::to_string(v);
    }
  }
}

}  // namespace
