// 16-bit floating-point keys that need no CUDA header: ordo::half (IEEE
// binary16, numpy's float16, CUDA's __half) and ordo::bfloat16 (the top half
// of a binary32, ml_dtypes' bfloat16, CUDA's __nv_bfloat16).
//
// Each is two bytes of storage, trivially copyable, with the layout of the
// CUDA type of the same format (spans of __half / __nv_bfloat16 are accepted
// by every ordo entry point and read as these). Conversions:
//   float(h)          exact (every value, -0.0, +-inf and NaN payloads)
//   half(f)           from float, round to nearest even, as numpy and CUDA;
//                     overflow gives +-inf; NaN stays NaN, keeping the sign and
//                     the top payload bits (numpy's rule), so half(float(h))
//                     is h bit for bit for every h
//   from_bits/bits    the raw pattern
// Comparisons go through float (implicit conversion): IEEE order, -0.0 == +0.0,
// NaN unordered. ordo sorts and ranks them by the float key model.
#pragma once
#include <cstdint>
#include <cstring>

#include "ordo/detail/host_device.hpp"

namespace ordo {

namespace detail {
ORDO_OP_HD inline std::uint32_t float_bits_of(float f) {
  std::uint32_t b;
  std::memcpy(&b, &f, 4);
  return b;
}
ORDO_OP_HD inline float float_of_bits(std::uint32_t b) {
  float f;
  std::memcpy(&f, &b, 4);
  return f;
}

// binary16 -> binary32, exact.
ORDO_OP_HD inline std::uint32_t half_to_float_bits(std::uint16_t h) {
  const std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16;
  const std::uint32_t exp = (h >> 10) & 0x1fu;
  std::uint32_t man = h & 0x3ffu;
  if (exp == 0x1fu) return sign | 0x7f800000u | (man << 13);  // inf, NaN (payload kept)
  if (exp != 0) return sign | ((exp + 112u) << 23) | (man << 13);
  if (man == 0) return sign;  // +-0
  std::uint32_t e = 113;      // subnormal: normalise
  while (!(man & 0x400u)) man <<= 1, --e;
  return sign | (e << 23) | ((man & 0x3ffu) << 13);
}

// binary32 -> binary16, round to nearest even.
ORDO_OP_HD inline std::uint16_t float_bits_to_half(std::uint32_t f) {
  const std::uint32_t sign = (f >> 16) & 0x8000u;
  const std::uint32_t a = f & 0x7fffffffu;
  if (a > 0x7f800000u) {  // NaN: keep the top payload bits, never become inf
    std::uint32_t m = (a >> 13) & 0x3ffu;
    return std::uint16_t(sign | 0x7c00u | (m ? m : 1u));
  }
  if (a >= 0x477ff000u) return std::uint16_t(sign | 0x7c00u);  // rounds past 65504: inf
  if (a >= 0x38800000u) {                                     // a normal half
    std::uint32_t h = ((a >> 23) - 112u) << 10 | ((a & 0x7fffffu) >> 13);
    const std::uint32_t rem = a & 0x1fffu;
    if (rem > 0x1000u || (rem == 0x1000u && (h & 1u))) ++h;
    return std::uint16_t(sign | h);
  }
  if (a <= 0x33000000u) return std::uint16_t(sign);  // at most 2^-25: ties to 0
  const std::uint32_t m = (a & 0x7fffffu) | 0x800000u;
  const std::uint32_t shift = 126u - (a >> 23);  // 14..24
  std::uint32_t h = m >> shift;
  const std::uint32_t rem = m & ((1u << shift) - 1u), halfway = 1u << (shift - 1u);
  if (rem > halfway || (rem == halfway && (h & 1u))) ++h;
  return std::uint16_t(sign | h);
}

// binary32 -> bfloat16, round to nearest even; NaN stays NaN.
ORDO_OP_HD inline std::uint16_t float_bits_to_bfloat16(std::uint32_t f) {
  if ((f & 0x7fffffffu) > 0x7f800000u) {
    const std::uint32_t h = f >> 16;
    return std::uint16_t((h & 0x7fu) ? h : (h | 0x40u));
  }
  return std::uint16_t((f + 0x7fffu + ((f >> 16) & 1u)) >> 16);
}
}  // namespace detail

struct half {
  std::uint16_t bits_;  // the binary16 pattern

  half() = default;
  ORDO_OP_HD explicit half(float f) : bits_(detail::float_bits_to_half(detail::float_bits_of(f))) {}
  ORDO_OP_HD operator float() const { return detail::float_of_bits(detail::half_to_float_bits(bits_)); }
  ORDO_OP_HD static half from_bits(std::uint16_t b) {
    half h;
    h.bits_ = b;
    return h;
  }
  ORDO_OP_HD std::uint16_t bits() const { return bits_; }
};

struct bfloat16 {
  std::uint16_t bits_;  // the top 16 bits of a binary32

  bfloat16() = default;
  ORDO_OP_HD explicit bfloat16(float f) : bits_(detail::float_bits_to_bfloat16(detail::float_bits_of(f))) {}
  ORDO_OP_HD operator float() const { return detail::float_of_bits(std::uint32_t(bits_) << 16); }
  ORDO_OP_HD static bfloat16 from_bits(std::uint16_t b) {
    bfloat16 h;
    h.bits_ = b;
    return h;
  }
  ORDO_OP_HD std::uint16_t bits() const { return bits_; }
};

static_assert(sizeof(half) == 2 && sizeof(bfloat16) == 2);

}  // namespace ordo
