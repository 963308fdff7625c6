// Which tuning a GPU gets, and the shared-memory limit every opt-in obeys.
//
// ordo's policies (the */dispatch/policies.cuh files) were tuned on sm_90,
// whose blocks may opt into 227 KiB of shared memory. Older GPUs, and some
// newer ones (sm_120: 99 KiB), allow less: sm_75 64 KiB, sm_80/87 163 KiB,
// sm_86/89 99 KiB (sm_70's 96 KiB is below what CUDA 13 builds for). The
// register, warp and block shapes of every policy are legal from sm_75 on
// (static shared memory is at most 48 KiB by construction; the sm_80 warp
// reductions have a shuffle form in warp_reduce.cuh); only the dynamic
// opt-in sizes are not. So:
// - select_policy_arch says which family of values a launch takes: sm90 for
//   a GPU with sm_90's features and limits, fallback otherwise;
// - every dynamic opt-in goes through require_smem_optin (launch.cuh's
//   allow_smem does), which refuses, as not_supported, a size the device
//   cannot give, instead of a cudaErrorInvalidValue at the launch;
// - where a smaller size is a drop-in (list ranking's single block, rank's
//   msd_replay), the dispatch asks smem_optin_fits and takes it or the
//   other variant.
// Sizes per kernel and key type: docs/benchmarks.md#tuning-shared-memory.
#pragma once
#include <cstddef>
#include <string>

#include "ordo/cuda/detail/device_props.cuh"

namespace ordo::detail {

enum class policy_arch { fallback, sm90 };

inline constexpr int sm90_smem_optin = 227 * 1024;  // what the sm_90 policies may ask for

inline policy_arch select_policy_arch(const device_props& p) {
  return p.arch() >= 90 && p.smem_per_block_optin >= sm90_smem_optin ? policy_arch::sm90 : policy_arch::fallback;
}

// Whether a block of the current device may hold `bytes` of dynamic shared memory.
inline bool smem_optin_fits(std::size_t bytes) {
  return bytes <= std::size_t(current_device_props().smem_per_block_optin);
}

// Throws not_supported, naming `what`, where the current device cannot give `bytes`.
inline void require_smem_optin(std::size_t bytes, const char* what) {
  if (smem_optin_fits(bytes)) return;
  const device_props& p = current_device_props();
  throw error(errc::not_supported, std::string(what) + " needs " + std::to_string(bytes) +
                                       " bytes of shared memory per block; this GPU (sm_" + std::to_string(p.arch()) +
                                       ") allows " + std::to_string(p.smem_per_block_optin) +
                                       " (ordo's GPU policies are tuned for sm_90)");
}

}  // namespace ordo::detail
