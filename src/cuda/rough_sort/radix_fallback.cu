// The adaptive sort's full sort for the built-in orders: CUB's radix sort.
// Unsigned keys are sorted as they are (CUB's descending variant for
// descending); signed and floating-point keys through their order codes
// (floats canonical: -0.0 ties +0.0, NaN last, as ordo::less), which are then
// decoded or gathered. Values follow by position. Eight CUB instantiations.
#include <cub/device/device_radix_sort.cuh>

#include "ordo/cuda/rough_sort/dispatch/rough_sort_dispatch.cuh"

namespace ordo::detail::rough {
namespace {

template <int = 0>
__global__ void gather_values_kernel(value_mover v, const std::uint32_t* pos, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    v.move(i, pos[i]);
}

template <int = 0>
__global__ void iota_kernel(std::uint32_t* pos, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    pos[i] = std::uint32_t(i);
}

template <class Code>
__global__ void encode_kernel(code_io<Code> io, std::uint64_t n, Code* codes, std::uint32_t* pos) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x) {
    codes[i] = io.load(i);
    pos[i] = std::uint32_t(i);
  }
}

template <class Code>
__global__ void store_kernel(code_io<Code> io, std::uint64_t n, const Code* codes, const std::uint32_t* pos) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    io.store(i, pos[i], codes[i]);
}

template <class F>
void with_temp(const cuda& exec, F&& f) {
  std::size_t bytes = 0;
  ORDO_CUDA_CHECK(f(nullptr, bytes));
  scratch<unsigned char> temp(exec, std::max<std::size_t>(bytes, 1));
  ORDO_CUDA_CHECK(f(temp.data(), bytes));
}

void check_positions_fit(std::uint64_t n) {
  if (n > 0xffffffffull)
    throw error(errc::not_supported, "sort: the GPU radix path carries 32-bit positions; " + std::to_string(n) +
                                         " elements need unsigned keys without values");
}

template <class U>
void radix_unsigned(const cuda& exec, bool desc, const U* in, U* out, const value_mover& v, std::uint64_t n) {
  const auto s = exec.stream;
  if (!v.bytes) {
    with_temp(exec, [&](void* t, std::size_t& b) {
      return desc ? cub::DeviceRadixSort::SortKeysDescending(t, b, in, out, n, 0, int(sizeof(U) * 8), s)
                  : cub::DeviceRadixSort::SortKeys(t, b, in, out, n, 0, int(sizeof(U) * 8), s);
    });
    return;
  }
  check_positions_fit(n);
  scratch<std::uint32_t> pos(exec, n), pos_out(exec, n);
  iota_kernel<<<elementwise_blocks(n), 256, 0, s>>>(pos.data(), n);
  ORDO_CUDA_CHECK(cudaGetLastError());
  with_temp(exec, [&](void* t, std::size_t& b) {
    return desc ? cub::DeviceRadixSort::SortPairsDescending(t, b, in, out, pos.data(), pos_out.data(), n, 0,
                                                            int(sizeof(U) * 8), s)
                : cub::DeviceRadixSort::SortPairs(t, b, in, out, pos.data(), pos_out.data(), n, 0, int(sizeof(U) * 8), s);
  });
  gather_values_kernel<<<elementwise_blocks(n), 256, 0, s>>>(v, pos_out.data(), n);
  ORDO_CUDA_CHECK(cudaGetLastError());
}

template <class Code>
void radix_codes(const cuda& exec, const code_io<Code>& io, std::uint64_t n) {
  check_positions_fit(n);
  const auto s = exec.stream;
  scratch<Code> codes(exec, n), codes_out(exec, n);
  scratch<std::uint32_t> pos(exec, n), pos_out(exec, n);
  encode_kernel<Code><<<elementwise_blocks(n), 256, 0, s>>>(io, n, codes.data(), pos.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
  with_temp(exec, [&](void* t, std::size_t& b) {
    return cub::DeviceRadixSort::SortPairs(t, b, codes.data(), codes_out.data(), pos.data(), pos_out.data(), n, 0,
                                           int(sizeof(Code) * 8), s);
  });
  store_kernel<Code><<<elementwise_blocks(n), 256, 0, s>>>(io, n, codes_out.data(), pos_out.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
}

}  // namespace

void radix_sort_any(const cuda& exec, key_kind kind, bool descending, unsigned key_bytes, const void* keys_in,
                    void* keys_out, const value_mover& values, std::uint64_t n) {
  if (n == 0) return;
  if (kind == key_kind::unsigned_int) {
    if (key_bytes == 4)
      radix_unsigned(exec, descending, static_cast<const std::uint32_t*>(keys_in), static_cast<std::uint32_t*>(keys_out),
                     values, n);
    else
      radix_unsigned(exec, descending, static_cast<const std::uint64_t*>(keys_in), static_cast<std::uint64_t*>(keys_out),
                     values, n);
    return;
  }
  const bool fp = kind == key_kind::floating;
  if (key_bytes == 4)
    radix_codes(exec, code_io<std::uint32_t>{static_cast<const std::uint32_t*>(keys_in), static_cast<std::uint32_t*>(keys_out),
                                             values, kind, descending, fp, fp}, n);
  else
    radix_codes(exec, code_io<std::uint64_t>{static_cast<const std::uint64_t*>(keys_in), static_cast<std::uint64_t*>(keys_out),
                                             values, kind, descending, fp, fp}, n);
}

}  // namespace ordo::detail::rough
