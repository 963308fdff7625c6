// The adaptive sort's full sort for the built-in orders: CUB's radix sort.
// Below 2^31 keys, unsigned keys either way and signed and floating-point
// keys ascending are sorted in their own type (radix_native.cu), floats only
// without -0.0 or NaN. Otherwise unsigned keys are sorted as they are (CUB's
// descending variant for descending); signed and floating-point keys through
// their order codes, decoded afterwards. Float codes are canonical (-0.0
// ties +0.0, every NaN ties and sorts last, as ordo::less) where the keys
// hold a -0.0 or a NaN, and then the keys are gathered by position to keep
// their bits; without either (one read of the keys says so), the plain order
// code is a bijection and the sort moves only codes, the values riding in
// CUB's sort (by position and a gather in the canonical case). Also
// sort_idx's radix path (radix_sort_idx_any). Twenty CUB instantiations (ten,
// each with an int and a 64-bit item count; radix_unsigned's int-count ones
// are unreached since radix_native takes its calls below 2^31).
#include <cub/device/device_radix_sort.cuh>

#include <cstdint>

#include "cuda/rough_sort/radix_native.cuh"
#include "ordo/cuda/detail/cub_temp.cuh"
#include "ordo/cuda/detail/radix_sort_idx.cuh"
#include "ordo/cuda/rough_sort/dispatch/rough_sort_dispatch.cuh"

namespace ordo::detail::rough {
namespace {

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

// f(temp, bytes, count): a CUB call, sized, then run. count is n as an int
// where it fits (what a caller passes below 2^31: CUB picks its offset type
// from the count's, and its 64-bit path is slower, SortPairs of 2^28 int32
// pairs 8.7 against 7.5 ms on an H200), else as std::uint64_t.
template <class F>
void with_temp(const cuda& exec, std::uint64_t n, F&& f) {
  const auto run = [&](auto count) {
    with_cub_temp(exec, "cub::DeviceRadixSort", [&](void* t, std::size_t& b) { return f(t, b, count); });
  };
  if (n <= std::uint64_t(INT32_MAX)) run(int(n));
  else run(n);
}

void check_positions_fit(std::uint64_t n) {
  if (n > 0xffffffffull)
    throw error(errc::not_supported, "sort: the GPU radix path carries 32-bit positions; " + std::to_string(n) +
                                         " elements need unsigned keys without values");
}

// Whether any key is a -0.0 or a NaN (float bits), where the plain order code
// would order what ordo::less ties.
template <class Code>
__global__ void find_special_floats_kernel(const Code* keys, std::uint64_t n, unsigned* found) {
  constexpr Code sign = Code(1) << (sizeof(Code) * 8 - 1);
  constexpr Code inf = sizeof(Code) == 4 ? Code(0x7f800000u) : Code(0x7ff0000000000000ull);
  bool any = false;
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x) {
    const Code x = keys[i];
    any |= (x & ~sign) > inf || x == sign;
  }
  if (__syncthreads_or(any) && threadIdx.x == 0) *found = 1;
}

template <class Code>
bool has_special_floats(const cuda& exec, const Code* keys, std::uint64_t n) {
  scratch<unsigned> found(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(found.data(), 0, sizeof(unsigned), exec.stream));
  find_special_floats_kernel<Code><<<elementwise_blocks(n), 256, 0, exec.stream>>>(keys, n, found.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
  unsigned h = 0;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, found.data(), sizeof h, cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  return h != 0;
}

template <class Code>
__global__ void encode_only_kernel(code_io<Code> io, std::uint64_t n, Code* codes) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    codes[i] = io.load(i);
}

template <class Code>
__global__ void decode_kernel(code_io<Code> io, std::uint64_t n, const Code* codes) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    io.keys_out[i] = io.decode(codes[i]);
}

// Codes that decode exactly (integers; floats without -0.0 or NaN): keys
// only, or with the values carried by CUB's sort, no positions.
template <class Code>
void radix_exact_codes(const cuda& exec, code_io<Code> io, std::uint64_t n) {
  const auto s = exec.stream;
  io.canonical = false;
  io.gather_keys = false;
  scratch<Code> codes(exec, n), codes_out(exec, n);
  encode_only_kernel<Code><<<elementwise_blocks(n), 256, 0, s>>>(io, n, codes.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
  auto pairs = [&](auto* vi, auto* vo) {
    with_temp(exec, n, [&](void* t, std::size_t& b, auto count) {
      return cub::DeviceRadixSort::SortPairs(t, b, codes.data(), codes_out.data(), vi, vo, count, 0,
                                             int(sizeof(Code) * 8), s);
    });
  };
  if (io.values.bytes == 4) {
    pairs(static_cast<const std::uint32_t*>(io.values.in), static_cast<std::uint32_t*>(io.values.out));
  } else if (io.values.bytes == 8) {
    pairs(static_cast<const std::uint64_t*>(io.values.in), static_cast<std::uint64_t*>(io.values.out));
  } else {
    with_temp(exec, n, [&](void* t, std::size_t& b, auto count) {
      return cub::DeviceRadixSort::SortKeys(t, b, codes.data(), codes_out.data(), count, 0, int(sizeof(Code) * 8), s);
    });
  }
  decode_kernel<Code><<<elementwise_blocks(n), 256, 0, s>>>(io, n, codes_out.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
}

template <class U>
void radix_unsigned(const cuda& exec, bool desc, const U* in, U* out, const value_mover& v, std::uint64_t n) {
  const auto s = exec.stream;
  if (!v.bytes) {
    with_temp(exec, n, [&](void* t, std::size_t& b, auto count) {
      return desc ? cub::DeviceRadixSort::SortKeysDescending(t, b, in, out, count, 0, int(sizeof(U) * 8), s)
                  : cub::DeviceRadixSort::SortKeys(t, b, in, out, count, 0, int(sizeof(U) * 8), s);
    });
    return;
  }
  if (v.bytes == 4) {  // the values ride in the sort
    const auto* vi = static_cast<const std::uint32_t*>(v.in);
    auto* vo = static_cast<std::uint32_t*>(v.out);
    with_temp(exec, n, [&](void* t, std::size_t& b, auto count) {
      return desc ? cub::DeviceRadixSort::SortPairsDescending(t, b, in, out, vi, vo, count, 0, int(sizeof(U) * 8), s)
                  : cub::DeviceRadixSort::SortPairs(t, b, in, out, vi, vo, count, 0, int(sizeof(U) * 8), s);
    });
    return;
  }
  // 8-byte values: the codes path (identity codes, complemented for
  // descending) carries them in CUB's sort, no positions.
  radix_exact_codes(exec, code_io<U>{in, out, v, key_kind::unsigned_int, desc, false, false}, n);
}

// special: the keys are floats with a -0.0 or a NaN (has_special_floats).
template <class Code>
void radix_codes(const cuda& exec, const code_io<Code>& io, std::uint64_t n, bool special) {
  if (!special) return radix_exact_codes(exec, io, n);
  check_positions_fit(n);
  const auto s = exec.stream;
  scratch<Code> codes(exec, n), codes_out(exec, n);
  scratch<std::uint32_t> pos(exec, n), pos_out(exec, n);
  encode_kernel<Code><<<elementwise_blocks(n), 256, 0, s>>>(io, n, codes.data(), pos.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
  with_temp(exec, n, [&](void* t, std::size_t& b, auto count) {
    return cub::DeviceRadixSort::SortPairs(t, b, codes.data(), codes_out.data(), pos.data(), pos_out.data(), count, 0,
                                           int(sizeof(Code) * 8), s);
  });
  store_kernel<Code><<<elementwise_blocks(n), 256, 0, s>>>(io, n, codes_out.data(), pos_out.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
}

template <class Index>
__global__ void widen_kernel(const std::uint32_t* pos, std::uint64_t n, Index* perm) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    perm[i] = Index(pos[i]);
}

// (code, position) pairs through CUB's radix sort; the positions are the
// permutation, the sorted keys (where wanted) gathered by them.
template <class Code>
void radix_idx_codes(const cuda& exec, code_io<Code> io, std::uint64_t n, void* perm, unsigned index_bytes) {
  const auto s = exec.stream;
  scratch<Code> codes(exec, n), codes_out(exec, n);
  scratch<std::uint32_t> pos(exec, n), pos_wide(exec, index_bytes == 4 ? 0 : n);
  auto* pos_out = index_bytes == 4 ? static_cast<std::uint32_t*>(perm) : pos_wide.data();
  encode_kernel<Code><<<elementwise_blocks(n), 256, 0, s>>>(io, n, codes.data(), pos.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
  with_temp(exec, n, [&](void* t, std::size_t& b, auto count) {
    return cub::DeviceRadixSort::SortPairs(t, b, codes.data(), codes_out.data(), pos.data(), pos_out, count, 0,
                                           int(sizeof(Code) * 8), s);
  });
  if (io.keys_out) {
    store_kernel<Code><<<elementwise_blocks(n), 256, 0, s>>>(io, n, codes_out.data(), pos_out);
    ORDO_CUDA_CHECK(cudaGetLastError());
  }
  if (index_bytes == 8) {
    widen_kernel<<<elementwise_blocks(n), 256, 0, s>>>(pos_out, n, static_cast<std::uint64_t*>(perm));
    ORDO_CUDA_CHECK(cudaGetLastError());
  }
}

}  // namespace

void radix_sort_idx_any(const cuda& exec, key_kind kind, bool descending, unsigned key_bytes, const void* keys,
                        void* sorted_keys, void* perm, unsigned index_bytes, std::uint64_t n) {
  if (n == 0) return;
  check_positions_fit(n);
  const bool fp = kind == key_kind::floating;
  // canonical float codes (ties as ordo::less), the sorted keys gathered
  if (key_bytes == 4)
    radix_idx_codes(exec, code_io<std::uint32_t>{static_cast<const std::uint32_t*>(keys),
                                                 static_cast<std::uint32_t*>(sorted_keys), {}, kind, descending, fp, fp},
                    n, perm, index_bytes);
  else
    radix_idx_codes(exec, code_io<std::uint64_t>{static_cast<const std::uint64_t*>(keys),
                                                 static_cast<std::uint64_t*>(sorted_keys), {}, kind, descending, fp, fp},
                    n, perm, index_bytes);
}

void radix_sort_any(const cuda& exec, key_kind kind, bool descending, unsigned key_bytes, const void* keys_in,
                    void* keys_out, const value_mover& values, std::uint64_t n) {
  if (n == 0) return;
  const bool fp = kind == key_kind::floating;
  // Floats with a -0.0 or a NaN sort by canonical codes (radix_codes); the
  // check is one read of the keys.
  const bool special = fp && (key_bytes == 4 ? has_special_floats(exec, static_cast<const std::uint32_t*>(keys_in), n)
                                             : has_special_floats(exec, static_cast<const std::uint64_t*>(keys_in), n));
  if (!special && radix_native_applies(kind, descending, n))
    return radix_native(exec, kind, descending, key_bytes, keys_in, keys_out, values, n);
  if (kind == key_kind::unsigned_int) {
    if (key_bytes == 4)
      radix_unsigned(exec, descending, static_cast<const std::uint32_t*>(keys_in), static_cast<std::uint32_t*>(keys_out),
                     values, n);
    else
      radix_unsigned(exec, descending, static_cast<const std::uint64_t*>(keys_in), static_cast<std::uint64_t*>(keys_out),
                     values, n);
    return;
  }
  if (key_bytes == 4)
    radix_codes(exec, code_io<std::uint32_t>{static_cast<const std::uint32_t*>(keys_in), static_cast<std::uint32_t*>(keys_out),
                                             values, kind, descending, fp, fp}, n, special);
  else
    radix_codes(exec, code_io<std::uint64_t>{static_cast<const std::uint64_t*>(keys_in), static_cast<std::uint64_t*>(keys_out),
                                             values, kind, descending, fp, fp}, n, special);
}

}  // namespace ordo::detail::rough
