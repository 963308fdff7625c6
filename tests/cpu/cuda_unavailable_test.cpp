// What an ordo::cuda call says where it cannot run: "built without CUDA" in a
// CPU-only build; "no CUDA device" where no GPU is usable (not the runtime's
// "CUDA driver version is insufficient", which it reports when there is no
// driver at all). In a CUDA build ctest also runs this with
// CUDA_VISIBLE_DEVICES=-1 (cpu.cuda_hidden_says_no_device), which hides
// every GPU from the runtime.
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "error_expect.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/execution.hpp"
#include "ordo/list_rank.hpp"

namespace {

using ordo_test::throws_ordo_error;

// An ordo::cuda entry point and a device allocation, with their messages.
void expect_no_device_errors(const std::string& want) {
  std::string msg;
  EXPECT_TRUE(throws_ordo_error([] { ordo::device_buffer<std::uint32_t> d(16); }, ordo::errc::not_supported, &msg));
  EXPECT_NE(msg.find(want), std::string::npos) << msg;
  EXPECT_EQ(msg.find("insufficient"), std::string::npos) << msg;
  const std::vector<std::int64_t> succ = {1, -1};
  std::vector<std::int64_t> ranks(2);
  EXPECT_TRUE(throws_ordo_error(
      [&] { ordo::list_rank(ordo::cuda{}, std::span<const std::int64_t>(succ), std::span<std::int64_t>(ranks)); },
      ordo::errc::not_supported, &msg));
  EXPECT_NE(msg.find(want), std::string::npos) << msg;
}

#ifndef ORDO_HAS_CUDA
TEST(CudaUnavailable, BuiltWithoutCudaSaysSo) {
  EXPECT_FALSE(ordo::cuda_available());
  EXPECT_NE(ordo::cuda_unavailable_reason().find("this ordo was built without CUDA"), std::string::npos);
  expect_no_device_errors("built without CUDA");
}
#else
TEST(CudaUnavailable, ReasonIsEmptyExactlyWhenADeviceIsUsable) {
  const std::string why = ordo::cuda_unavailable_reason();
  EXPECT_EQ(why.empty(), ordo::cuda_available()) << why;
  if (ordo::cuda_available()) GTEST_SKIP() << "a GPU is visible; cpu.cuda_hidden_says_no_device hides it";
  // Without a usable device: "no CUDA device", or a driver too old for the runtime.
  EXPECT_TRUE(why.find("no CUDA device") != std::string::npos || why.find("update the driver") != std::string::npos)
      << why;
  expect_no_device_errors(why.substr(0, 20));
}
#endif

}  // namespace
