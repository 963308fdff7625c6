// The narrow keys' conversions to and from their carrier (key_traits.hpp),
// one grid-stride kernel each, for the types of ORDO_FOR_EACH_NARROW_KEY.
#include <cstdint>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/detail/key_types.hpp"
#include "ordo/detail/narrow_keys.hpp"

namespace ordo::detail {
namespace {

template <class K>
__global__ void widen_keys_kernel(const K* __restrict__ in, carrier_t<K>* __restrict__ out, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    out[i] = widen_key<K>(in[i]);
}

template <class K>
__global__ void narrow_keys_kernel(const carrier_t<K>* __restrict__ in, K* __restrict__ out, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    out[i] = narrow_key<K>(in[i]);
}

}  // namespace

template <class K>
void widen_keys_cuda(const cuda& exec, const K* in, carrier_t<K>* out, std::uint64_t n) {
  if (!n) return;
  widen_keys_kernel<K><<<elementwise_blocks(n), 256, 0, exec.stream>>>(in, out, n);
  ORDO_CUDA_LAUNCH_CHECK("widen_keys_kernel");
}

template <class K>
void narrow_keys_cuda(const cuda& exec, const carrier_t<K>* in, K* out, std::uint64_t n) {
  if (!n) return;
  narrow_keys_kernel<K><<<elementwise_blocks(n), 256, 0, exec.stream>>>(in, out, n);
  ORDO_CUDA_LAUNCH_CHECK("narrow_keys_kernel");
}

#define ORDO_INST_NARROW_KEYS(K)                                                                  \
  template void widen_keys_cuda<K>(const cuda&, const K*, carrier_t<K>*, std::uint64_t);          \
  template void narrow_keys_cuda<K>(const cuda&, const carrier_t<K>*, K*, std::uint64_t);
ORDO_FOR_EACH_NARROW_KEY(ORDO_INST_NARROW_KEYS)

}  // namespace ordo::detail
