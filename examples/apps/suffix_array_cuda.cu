// PDSS-SA on the GPU backend (ordo::cuda): the template of suffix_array_pdss.hpp,
// plus the one pass that is written for the device: which bytes occur.
#include "suffix_array_pdss.hpp"

namespace ordo_apps {
namespace pdss {
namespace {

// A 256-bit set per block in shared memory, merged into one global set.
__global__ void bytes_present_kernel(const u8* text, u64 n, u32* global_set) {
  __shared__ u32 set[8];
  if (threadIdx.x < 8) set[threadIdx.x] = 0;
  __syncthreads();
  const u64 stride = u64(gridDim.x) * blockDim.x;
  for (u64 i = u64(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) {
    const unsigned c = text[i];
    const u32 bit = 1u << (c & 31);
    if (!(set[c >> 5] & bit)) atomicOr(&set[c >> 5], bit);
  }
  __syncthreads();
  if (threadIdx.x < 8 && set[threadIdx.x]) atomicOr(&global_set[threadIdx.x], set[threadIdx.x]);
}

}  // namespace

std::array<bool, 256> bytes_present(const ordo::cuda& exec, std::span<const u8> text) {
  ordo::device_buffer<u32> set(exec, 8);
  detail::check(cudaMemsetAsync(set.data(), 0, 8 * sizeof(u32), exec.stream), "ordo_apps::bytes_present");
  const u64 n = text.size();
  const unsigned grid = unsigned(std::min<u64>((n + 255) / 256, 1024));
  bytes_present_kernel<<<grid, 256, 0, exec.stream>>>(text.data(), n, set.data());
  detail::check(cudaGetLastError(), "ordo_apps::bytes_present launch");
  std::vector<u32> h(8);
  ordo::detail::copy_to_host_after(h.data(), set.data(), 8 * sizeof(u32), exec.stream);
  std::array<bool, 256> seen{};
  for (unsigned c = 0; c < 256; ++c) seen[c] = (h[c >> 5] >> (c & 31)) & 1u;
  return seen;
}

}  // namespace pdss

suffix_array_stats suffix_array(const ordo::cuda& exec, std::span<const std::uint8_t> text,
                                std::span<std::uint32_t> sa) {
  return pdss::suffix_array(exec, text, sa);
}

}  // namespace ordo_apps
