// The device layer's per-device caches: each GPU of the process reads its own
// properties (not the first one's), and the policy family follows the
// compute capability and the shared-memory opt-in limit.
#include <gtest/gtest.h>

#include "gpu/gpu_cases.hpp"
#include "ordo/cuda/detail/arch_policy.cuh"
#include "ordo/cuda/detail/launch.cuh"

namespace {

using ordo::detail::device_props;
using ordo::detail::policy_arch;
using ordo::detail::select_policy_arch;

TEST(DevicePropsPure, PolicyArchByCapabilityAndSharedMemory) {
  EXPECT_EQ(select_policy_arch(device_props{132, 9, 0, 232448}), policy_arch::sm90);    // H100
  EXPECT_EQ(select_policy_arch(device_props{148, 10, 0, 232448}), policy_arch::sm90);   // B200
  EXPECT_EQ(select_policy_arch(device_props{108, 8, 0, 166912}), policy_arch::fallback);  // A100
  EXPECT_EQ(select_policy_arch(device_props{84, 8, 9, 101376}), policy_arch::fallback);   // sm_89
  EXPECT_EQ(select_policy_arch(device_props{40, 7, 5, 65536}), policy_arch::fallback);    // T4
  EXPECT_EQ(select_policy_arch(device_props{170, 12, 0, 101376}), policy_arch::fallback);  // sm_120: newer, smaller
}

// Where CUDA is built but no GPU answers, the device queries say so as every
// entry does: not_supported ("no CUDA device"), not a cuda_error.
TEST(DevicePropsPure, NoGpuIsNotSupported) {
  if (ordo::cuda_available()) GTEST_SKIP() << "a GPU is here: nothing to check";
  try {
    (void)ordo::detail::current_device_props();
    FAIL() << "no error";
  } catch (const ordo::error& e) {
    EXPECT_EQ(e.code(), ordo::errc::not_supported) << e.what();
  }
}

TEST(DevicePropsGpu, EachDeviceReadsItsOwn) {
  ORDO_REQUIRE_GPU();
  int count = 0, before = 0;
  ASSERT_EQ(cudaGetDeviceCount(&count), cudaSuccess);
  ASSERT_EQ(cudaGetDevice(&before), cudaSuccess);
  // Twice round, so the second pass reads the cache filled by the first.
  for (int pass = 0; pass < 2; ++pass)
    for (int d = count - 1; d >= 0; --d) {
      ASSERT_EQ(cudaSetDevice(d), cudaSuccess);
      cudaDeviceProp want{};
      ASSERT_EQ(cudaGetDeviceProperties(&want, d), cudaSuccess);
      const device_props& got = ordo::detail::current_device_props();
      EXPECT_EQ(got.sm_count, want.multiProcessorCount) << "device " << d;
      EXPECT_EQ(got.cc_major, want.major) << "device " << d;
      EXPECT_EQ(got.cc_minor, want.minor) << "device " << d;
      EXPECT_EQ(got.smem_per_block_optin, int(want.sharedMemPerBlockOptin)) << "device " << d;
      EXPECT_EQ(ordo::detail::device_sm_count(), want.multiProcessorCount) << "device " << d;
    }
  ASSERT_EQ(cudaSetDevice(before), cudaSuccess);
}

TEST(DevicePropsGpu, SmemOptinFitsTheDeviceLimit) {
  ORDO_REQUIRE_GPU();
  const int limit = ordo::detail::current_device_props().smem_per_block_optin;
  EXPECT_TRUE(ordo::detail::smem_optin_fits(std::size_t(limit)));
  EXPECT_FALSE(ordo::detail::smem_optin_fits(std::size_t(limit) + 1));
  try {
    ordo::detail::require_smem_optin(std::size_t(limit) + 1, "a test kernel");
    FAIL() << "no error";
  } catch (const ordo::error& e) {
    EXPECT_EQ(e.code(), ordo::errc::not_supported);
    EXPECT_NE(std::string(e.what()).find("a test kernel"), std::string::npos) << e.what();
  }
}

}  // namespace
