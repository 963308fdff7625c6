// Whole-warp OR, AND and max of a 32-bit word, every lane taking part.
// sm_80 and later have an instruction for each (__reduce_*_sync); older GPUs
// (sm_75) take a butterfly of five shuffles, with the same result.
#pragma once

namespace ordo::detail {

enum class warp_op { bit_or, bit_and, max };

template <warp_op OP>
__device__ __forceinline__ unsigned warp_reduce(unsigned v) {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
  for (int m = 16; m > 0; m /= 2) {
    const unsigned o = __shfl_xor_sync(0xffffffffu, v, m);
    v = OP == warp_op::bit_or ? v | o : OP == warp_op::bit_and ? v & o : max(v, o);
  }
  return v;
#else
  if constexpr (OP == warp_op::bit_or) return __reduce_or_sync(0xffffffffu, v);
  else if constexpr (OP == warp_op::bit_and) return __reduce_and_sync(0xffffffffu, v);
  else return __reduce_max_sync(0xffffffffu, v);
#endif
}

__device__ __forceinline__ unsigned warp_or(unsigned v) { return warp_reduce<warp_op::bit_or>(v); }
__device__ __forceinline__ unsigned warp_and(unsigned v) { return warp_reduce<warp_op::bit_and>(v); }
__device__ __forceinline__ unsigned warp_max(unsigned v) { return warp_reduce<warp_op::max>(v); }

}  // namespace ordo::detail
