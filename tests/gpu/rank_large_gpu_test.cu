// Large inputs generated and checked on the device (copying them to the
// host would take longer than ranking them): rank_sorted with n >= 2^32 and
// 64-bit ranks (about 50 GB of device memory; skipped with a message where
// there is less), and rank() over 2^22..2^28+1 keys, where the ranks go back
// to input order by a radix sort of 2 or 3 passes and a shared-memory step.
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
    for (auto v : {ordo::gpu_rank_variant::automatic, ordo::gpu_rank_variant::hybrid}) {
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

// keys[i] = (a * i + b) mod n with a prime a > n: a permutation of [0, n),
// so the min rank of key k is k + 1 ascending and n - k descending.
constexpr std::uint64_t spread = 2654435761ull;

__global__ void fill_permutation(std::int32_t* keys, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    keys[i] = std::int32_t((spread * i + 12345) % n);
}

template <class R>
__global__ void count_wrong_permutation(const std::int32_t* keys, const R* ranks, std::uint64_t n, bool ascending,
                                        unsigned long long* wrong) {
  unsigned long long mine = 0;
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x) {
    const std::uint64_t k = std::uint64_t(keys[i]);
    mine += ranks[i] != R(ascending ? k + 1 : n - k);
  }
  if (mine) atomicAdd(wrong, mine);
}

template <class R>
unsigned long long wrong_ranks(const ordo::device_buffer<std::int32_t>& keys, std::uint64_t n, ordo::rank_options o) {
  ordo::device_buffer<R> ranks(n);
  ordo::device_buffer<unsigned long long> wrong(1);
  EXPECT_EQ(cudaMemset(ranks.data(), 0xff, n * sizeof(R)), cudaSuccess);
  EXPECT_EQ(cudaMemset(wrong.data(), 0, sizeof(unsigned long long)), cudaSuccess);
  ordo::rank(ordo::cuda{}, std::span<const std::int32_t>(keys.data(), n), ranks.span(), o);
  count_wrong_permutation<R><<<4096, 256>>>(keys.data(), ranks.data(), n, o.ascending, wrong.data());
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  unsigned long long w = ~0ull;
  EXPECT_EQ(cudaMemcpy(&w, wrong.data(), sizeof w, cudaMemcpyDeviceToHost), cudaSuccess);
  return w;
}

// 23, 24 and 28 index bits take two sort-back passes (28: the sorted bits
// end exactly at the shared-memory tile), 29 bits take three.
TEST(RankGpuLarge, SortBackEveryPassCount) {
  ORDO_REQUIRE_GPU();
  for (std::uint64_t n : {(std::uint64_t(1) << 22) + 1, std::uint64_t(1) << 24, std::uint64_t(1) << 28,
                          (std::uint64_t(1) << 28) + 1}) {
    ordo::device_buffer<std::int32_t> keys(n);
    fill_permutation<<<4096, 256>>>(keys.data(), n);
    ordo::rank_options asc{ordo::rank_method::min, true, ordo::na_option::keep, false};
    EXPECT_EQ(wrong_ranks<std::uint32_t>(keys, n, asc), 0u) << "n=" << n << " min ascending, uint32 ranks";
    ordo::rank_options desc{ordo::rank_method::ordinal, false, ordo::na_option::keep, false};
    EXPECT_EQ(wrong_ranks<std::uint64_t>(keys, n, desc), 0u) << "n=" << n << " ordinal descending, uint64 ranks";
  }
}

}  // namespace
