// The key model: how a key becomes order-preserving unsigned bits (its code)
// and back, and what ties, NaN and -0.0 mean, for the CPU and the GPU alike.
//   code      unsigned, as wide as the key; codes in ascending order are keys
//             in ascending order (integers: a bijection; floats: sign-magnitude
//             turned into unsigned order, so -NaN < -inf < ... < +inf < +NaN)
//   canonical floats only: -0.0 becomes +0.0 and every NaN the one positive
//             quiet NaN, so ties are equal codes and NaN sorts last ascending
//   rank bits rank()'s encoding: descending flips the code, NaN goes to 0
//             (top) or all-ones (keep, bottom), where no other key lands
// The kind-level functions (encode_code / decode_code) take the kind at run
// time so that the GPU kernels compile once per code width: int32, uint32 and
// float share one instantiation over uint32 codes.
#pragma once
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "ordo/detail/host_device.hpp"
#include "ordo/float16.hpp"

// CUDA's 16-bit float types, declared as cuda_fp16.h / cuda_bf16.h declare
// them, so that spans of them are keys without a CUDA header here.
struct __half;
struct __nv_bfloat16;

namespace ordo::detail {

enum class key_kind : std::uint8_t { unsigned_int, signed_int, floating };

template <std::size_t Bytes>
struct unsigned_of_size;
template <>
struct unsigned_of_size<1> { using type = std::uint8_t; };
template <>
struct unsigned_of_size<2> { using type = std::uint16_t; };
template <>
struct unsigned_of_size<4> { using type = std::uint32_t; };
template <>
struct unsigned_of_size<8> { using type = std::uint64_t; };

template <class Code>
inline constexpr Code sign_bit = Code(1) << (sizeof(Code) * 8 - 1);

// The IEEE binary32 / binary64 patterns of a code width. (A 16-bit float
// code needs its format as well: half and bfloat16 share the width.)
template <class Code>
struct float_bits {
  static_assert(sizeof(Code) == 4 || sizeof(Code) == 8, "float codes are 32 or 64 bits");
  static constexpr Code exp_mask = sizeof(Code) == 4 ? Code(0x7f800000u) : Code(0x7ff0000000000000ull);
  static constexpr Code quiet_nan = sizeof(Code) == 4 ? Code(0x7fc00000u) : Code(0x7ff8000000000000ull);
};

// A float's raw bits with -0.0 made +0.0 and any NaN the positive quiet NaN.
template <class Code>
ORDO_HD Code canonical_float_bits(Code x) {
  if ((x & ~sign_bit<Code>) > float_bits<Code>::exp_mask) return float_bits<Code>::quiet_nan;
  if (x == sign_bit<Code>) return Code(0);
  return x;
}

// A float's raw bits to its ascending code: negatives reversed below positives.
template <class Code>
ORDO_HD Code float_code(Code x) {
  return (x & sign_bit<Code>) ? ~x : (x | sign_bit<Code>);
}

// A key's raw bits (of kind `kind`) to its ascending code; `canonical` applies
// the float rule first.
template <class Code>
ORDO_HD Code encode_code(key_kind kind, Code x, bool canonical) {
  if (kind == key_kind::signed_int) return x ^ sign_bit<Code>;
  if (kind == key_kind::floating) return float_code(canonical ? canonical_float_bits(x) : x);
  return x;
}

// The inverse of encode_code (for canonical floats: the canonical key).
template <class Code>
ORDO_HD Code decode_code(key_kind kind, Code c) {
  if (kind == key_kind::signed_int) return c ^ sign_bit<Code>;
  if (kind == key_kind::floating) return (c & sign_bit<Code>) ? (c ^ sign_bit<Code>) : ~c;
  return c;
}

// rank()'s bits of a NaN that na_option::keep leaves unranked: all ones, the
// last code of its width (key_traits<K>::rank_bits puts it there).
template <class Code>
ORDO_HD constexpr Code kept_nan_rank_bits() { return Code(~Code(0)); }

// From's bytes read as a To of the same size (a float's bits, and back).
template <class To, class From>
ORDO_HD To same_bits_as(const From& f) {
  static_assert(sizeof(To) == sizeof(From));
  To t;
  std::memcpy(&t, &f, sizeof(To));
  return t;
}

template <class K>
struct key_traits {
  static_assert(std::is_arithmetic_v<K> && !std::is_same_v<K, bool>, "ordo: no key_traits for this type");
  using code_t = typename unsigned_of_size<sizeof(K)>::type;
  static constexpr int bits = int(sizeof(K) * 8);
  static constexpr key_kind kind = std::is_floating_point_v<K> ? key_kind::floating
                                   : std::is_signed_v<K>       ? key_kind::signed_int
                                                               : key_kind::unsigned_int;

  // The key's bits as they are in memory.
  static ORDO_HD code_t raw(K k) {
    if constexpr (kind == key_kind::floating) return same_bits_as<code_t>(k);
    else return code_t(k);
  }
  static ORDO_HD K from_raw(code_t b) {
    if constexpr (kind == key_kind::floating) return same_bits_as<K>(b);
    else return K(b);
  }

  // Ascending code, floats canonical: decode(encode(k)) is canonical(k).
  static ORDO_HD code_t encode(K k) { return encode_code(kind, raw(k), true); }
  static ORDO_HD K decode(code_t c) { return from_raw(decode_code(kind, c)); }
  static ORDO_HD K canonical(K k) {
    if constexpr (kind == key_kind::floating) return from_raw(canonical_float_bits(raw(k)));
    else return k;
  }

  static ORDO_HD bool is_nan(K k) {
    if constexpr (kind == key_kind::floating) return k != k;
    else return false;
  }
  // -0.0 ties +0.0 and NaN ties NaN.
  static ORDO_HD bool tie(K a, K b) {
    if constexpr (kind == key_kind::floating) return a == b || (a != a && b != b);
    else return a == b;
  }
  // True when b may follow a in an ascending sequence (NaN is the largest).
  static ORDO_HD bool ascending_pair(K a, K b) {
    if constexpr (kind == key_kind::floating) {
      if (b != b) return true;   // anything may precede NaN
      if (a != a) return false;  // nothing but NaN may follow NaN
    }
    return !(b < a);
  }
  // Descending sequences put NaN first.
  static ORDO_HD bool descending_pair(K a, K b) {
    if constexpr (kind == key_kind::floating) {
      if (a != a) return true;
      if (b != b) return false;
    }
    return !(a < b);
  }

  // rank()'s bits: both backends sort them, so they agree on every input.
  // NaN maps to 0 (top) or to all-ones (keep, bottom), before the descending
  // flip; no other key reaches either, so the NaN group is exactly the keys at
  // one extreme.
  static ORDO_HD code_t rank_bits(K k, bool descending, bool nan_on_top) {
    code_t b;
    if constexpr (kind == key_kind::floating) {
      if (k != k) return nan_on_top ? code_t(0) : kept_nan_rank_bits<code_t>();
      if (k == K(0)) k = K(0);  // -0.0 ties +0.0
      b = float_code(raw(k));
    } else {  // (not encode_code: its float branch takes 32- and 64-bit codes only, and rank()
              // counts 8- and 16-bit integers by these bits)
      b = kind == key_kind::signed_int ? code_t(code_t(k) ^ sign_bit<code_t>) : code_t(k);
    }
    return descending ? code_t(~b) : b;
  }
};

template <class K>
using key_code_t = typename key_traits<K>::code_t;

// Shorthands for the tie and order rules, deducing the key type.
template <class K>
ORDO_HD bool keys_tie(K a, K b) { return key_traits<K>::tie(a, b); }
template <class K>
ORDO_HD bool in_ascending_order(K a, K b) { return key_traits<K>::ascending_pair(a, b); }
template <class K>
ORDO_HD bool in_descending_order(K a, K b) { return key_traits<K>::descending_pair(a, b); }

// ---- narrow keys: carried by a wider key of the same order ------------------
// int8/int16 ride on int32, uint8/uint16/bool on uint32 (false < true), half
// and bfloat16 on float. Each widening is exact and injective (-0.0, +-inf
// and NaN payloads included), so narrow_key(widen_key(k)) is k bit for bit,
// and every rule of the carrier (ties, NaN last, -0.0 ties +0.0, stability)
// is the narrow key's rule. The front doors sort the carrier and narrow the
// keys back (detail/narrow_keys.hpp); nothing is compiled for narrow keys.

// A type accepted as another key type of the same layout: CUDA's __half and
// __nv_bfloat16 are read as ordo::half and ordo::bfloat16.
template <class K>
struct key_alias { using type = K; };
template <>
struct key_alias<::__half> { using type = ::ordo::half; };
template <>
struct key_alias<::__nv_bfloat16> { using type = ::ordo::bfloat16; };
template <class K>
using key_alias_t = typename key_alias<std::remove_cv_t<K>>::type;

template <class K>
struct carrier_of { using type = K; };  // the keys of ORDO_FOR_EACH_KEY carry themselves
template <> struct carrier_of<std::int8_t> { using type = std::int32_t; };
template <> struct carrier_of<std::uint8_t> { using type = std::uint32_t; };
template <> struct carrier_of<std::int16_t> { using type = std::int32_t; };
template <> struct carrier_of<std::uint16_t> { using type = std::uint32_t; };
template <> struct carrier_of<bool> { using type = std::uint32_t; };
template <> struct carrier_of<::ordo::half> { using type = float; };
template <> struct carrier_of<::ordo::bfloat16> { using type = float; };

// The key type K's keys travel as (K itself for the keys of the main list).
template <class K>
using carrier_t = typename carrier_of<key_alias_t<K>>::type;
template <class K>
inline constexpr bool is_narrow_key_v = !std::is_same_v<carrier_t<K>, std::remove_cv_t<K>>;

// K's key as its carrier, exactly.
template <class K>
ORDO_OP_HD carrier_t<K> widen_key(const K& k) {
  using A = key_alias_t<K>;
  if constexpr (std::is_same_v<A, ::ordo::half>) {
    std::uint16_t b;
    std::memcpy(&b, &k, 2);
    return float_of_bits(half_to_float_bits(b));
  } else if constexpr (std::is_same_v<A, ::ordo::bfloat16>) {
    std::uint16_t b;
    std::memcpy(&b, &k, 2);
    return float_of_bits(std::uint32_t(b) << 16);
  } else {
    return carrier_t<K>(k);
  }
}

// The inverse of widen_key on the carriers it gives (the sorted keys are a
// permutation of the widened ones, so this is exact). Any other float rounds
// to nearest even.
template <class K>
ORDO_OP_HD K narrow_key(const carrier_t<K>& c) {
  using A = key_alias_t<K>;
  if constexpr (std::is_same_v<A, ::ordo::half> || std::is_same_v<A, ::ordo::bfloat16>) {
    const std::uint16_t b = std::is_same_v<A, ::ordo::half> ? float_bits_to_half(float_bits_of(c))
                                                            : float_bits_to_bfloat16(float_bits_of(c));
    K k;
    std::memcpy(&k, &b, 2);
    return k;
  } else if constexpr (std::is_same_v<K, bool>) {
    return c != 0;
  } else {
    return K(c);
  }
}

}  // namespace ordo::detail
