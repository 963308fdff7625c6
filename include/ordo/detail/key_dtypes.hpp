// numpy's view of the key types, for the two front ends that speak numpy: the
// Python module's dtype table and the CLI's --dtype names, .npy headers, raw
// and text readers. Everything here is generated from the one list
// (key_types.hpp) and the key model (key_traits.hpp):
//   numpy_dtypes[]          numpy's spelling of every shape a key can have
//                           (kind, size -> name, .npy descr): numpy's table, not
//                           a list of ordo's keys
//   numpy_dtype_of<K>()     K's row of it, from K's kind and size
//   key_dtypes[]            one row per key type, in the list's order: the
//                           main list (ORDO_FOR_EACH_KEY_TYPE), then the narrow
//                           keys where key_types.hpp has that second list
//                           (ORDO_FOR_EACH_NARROW_KEY_TYPE: carried by a main
//                           key; only some capabilities take them: `wide` says
//                           which rows are of the main list)
//   key_index<K>(), visit_key_index(i, f), key_type_list
//   float16 / bfloat16 <-> double, bit-exact and independent of the C++ type
//                           that holds them (numpy's astype rounding)
// A new key type of a shape numpy_dtypes[] has (int8 ... uint16, bool,
// float16, bfloat16) needs no line here.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>

#include "ordo/detail/key_traits.hpp"
#include "ordo/detail/key_types.hpp"
#include "ordo/types.hpp"

// The key types the tables cover: both lists where key_types.hpp has two.
#ifdef ORDO_FOR_EACH_ANY_KEY_TYPE
#define ORDO_DTYPE_KEYS_(X) ORDO_FOR_EACH_ANY_KEY_TYPE(X)
#else
#define ORDO_DTYPE_KEYS_(X) ORDO_FOR_EACH_KEY_TYPE(X)
#endif

namespace ordo::detail {

// How a floating key is laid out (none: not a float).
enum class float_format : std::uint8_t { none, binary16, bfloat16, binary32, binary64 };

struct numpy_dtype {
  char kind;          // numpy's dtype.kind: 'b', 'i', 'u', 'f'; 'V' for bfloat16
  std::uint8_t size;  // bytes
  const char* name;   // numpy's dtype.name (torch's and CuPy's spelling too)
  const char* descr;  // the .npy descr / __array_interface__ typestr; "" where numpy has none
  float_format format;
};

// numpy's spellings of the shapes a key type can take.
inline constexpr numpy_dtype numpy_dtypes[] = {
    {'b', 1, "bool", "|b1", float_format::none},
    {'i', 1, "int8", "|i1", float_format::none},
    {'u', 1, "uint8", "|u1", float_format::none},
    {'i', 2, "int16", "<i2", float_format::none},
    {'u', 2, "uint16", "<u2", float_format::none},
    {'i', 4, "int32", "<i4", float_format::none},
    {'u', 4, "uint32", "<u4", float_format::none},
    {'i', 8, "int64", "<i8", float_format::none},
    {'u', 8, "uint64", "<u8", float_format::none},
    {'f', 2, "float16", "<f2", float_format::binary16},
    {'f', 4, "float32", "<f4", float_format::binary32},
    {'f', 8, "float64", "<f8", float_format::binary64},
    // numpy has no bfloat16: ml_dtypes registers a dtype of kind 'V' named
    // "bfloat16" (np.save writes it as a 2-byte void, '<V2'), torch has
    // torch.bfloat16. The one key whose numpy row its kind and size do not
    // give: a key type whose type_name is "bfloat16" takes it.
    {'V', 2, "bfloat16", "", float_format::bfloat16},
};

// Whether K is a floating / signed key (bool is an unsigned integer of one
// byte that only numpy calls 'b'). The key types that are not arithmetic
// types are the 16-bit floats (ordo::half, ordo::bfloat16).
template <class K>
constexpr bool is_float_key() {
  if constexpr (std::is_same_v<K, bool>) return false;
  else if constexpr (std::is_arithmetic_v<K>) return std::is_floating_point_v<K>;
  else return sizeof(K) == 2;
}
template <class K>
constexpr bool is_signed_key() {
  if constexpr (std::is_same_v<K, bool>) return false;
  else if constexpr (std::is_arithmetic_v<K>) return std::is_signed_v<K>;
  else return is_float_key<K>();
}

template <class K>
constexpr const numpy_dtype& numpy_dtype_of() {
  char kind = std::is_same_v<K, bool> ? 'b' : is_float_key<K>() ? 'f' : is_signed_key<K>() ? 'i' : 'u';
  if (kind == 'f' && sizeof(K) == 2 && std::string_view(type_name<K>()) == "bfloat16") kind = 'V';
  for (const numpy_dtype& d : numpy_dtypes)
    if (d.kind == kind && d.size == sizeof(K)) return d;
  throw std::logic_error("ordo: a key type numpy has no dtype for");  // a compile error in a constant expression
}

// Whether K is a key of the main list (every capability takes it; the
// narrow keys of the second list only those that order keys).
template <class K>
constexpr bool is_wide_key() {
  bool found = false;
#define ORDO_IS_WIDE_KEY_(T, N) found = found || std::is_same_v<K, T>;
  ORDO_FOR_EACH_KEY_TYPE(ORDO_IS_WIDE_KEY_)
#undef ORDO_IS_WIDE_KEY_
  return found;
}

// One row per key type, in the list's order (== visit_key_index's order).
struct key_dtype {
  const char* name;          // the list's name (type_name<K>()): "int32", ..., "float", "double"
  const numpy_dtype* numpy;  // numpy's spelling: "int32", ..., "float32", "float64"
  bool rank;                 // also a rank type (is_rank_type_v)
  bool wide;                 // of the main list (is_wide_key)
};

#define ORDO_KEY_DTYPE_ROW_(T, N) key_dtype{#N, &numpy_dtype_of<T>(), is_rank_type_v<T>, is_wide_key<T>()},
inline constexpr key_dtype key_dtypes[] = {ORDO_DTYPE_KEYS_(ORDO_KEY_DTYPE_ROW_)};
#undef ORDO_KEY_DTYPE_ROW_
inline constexpr std::size_t key_count = sizeof(key_dtypes) / sizeof(key_dtypes[0]);
inline constexpr std::size_t no_key = std::size_t(-1);

// K's position in the list, or no_key.
template <class K>
constexpr std::size_t key_index() {
  std::size_t i = 0, found = no_key;
#define ORDO_KEY_INDEX_(T, N) \
  if (std::is_same_v<K, T>) found = i; \
  ++i;
  ORDO_DTYPE_KEYS_(ORDO_KEY_INDEX_)
#undef ORDO_KEY_INDEX_
  return found;
}

// The key types as a pack: L<K...> in the list's order (std::variant, ...).
template <template <class...> class L, template <class> class Wrap>
struct key_types_as {
  template <class First, class... T>
  struct after_first {
    using type = L<Wrap<T>...>;
  };
#define ORDO_KEY_COMMA_TYPE_(T, N) , T
  using type = typename after_first<void ORDO_DTYPE_KEYS_(ORDO_KEY_COMMA_TYPE_)>::type;
#undef ORDO_KEY_COMMA_TYPE_
};

// f.template operator()<K>() for the key type at position i of the list.
template <class F>
decltype(auto) visit_key_index(std::size_t i, F&& f) {
  std::size_t at = 0;
#define ORDO_VISIT_KEY_INDEX_(T, N) \
  if (i == at++) return f.template operator()<T>();
  ORDO_DTYPE_KEYS_(ORDO_VISIT_KEY_INDEX_)
#undef ORDO_VISIT_KEY_INDEX_
  throw std::out_of_range("ordo: no key type at index " + std::to_string(i));
}

// The numpy names of the key types that pass `keep`, as a message lists them:
// "int32, uint32, int64 or uint64" (last_sep " or ") or "a/b/c" (sep "/", last_sep "/").
template <class Keep>
std::string numpy_names(Keep keep, const char* sep = ", ", const char* last_sep = " or ") {
  std::string out, pending;
  for (const key_dtype& k : key_dtypes) {
    if (!keep(k)) continue;
    if (!pending.empty()) out += (out.empty() ? "" : sep) + pending;
    pending = k.numpy->name;
  }
  if (!pending.empty()) out += (out.empty() ? "" : last_sep) + pending;
  return out;
}
inline std::string numpy_names(const char* sep = ", ", const char* last_sep = " or ") {
  return numpy_names([](const key_dtype&) { return true; }, sep, last_sep);
}
// Those of the main list only: what scan, reduce, compact, split and list_scan take.
inline std::string wide_numpy_names(const char* sep = ", ", const char* last_sep = " or ") {
  return numpy_names([](const key_dtype& k) { return k.wide; }, sep, last_sep);
}

// ---- 16-bit floats ----------------------------------------------------------
// IEEE binary16 (numpy float16, __half) and bfloat16 as bits: converted from a
// double by one rounding to nearest, ties to even (numpy's astype from
// float64; overflow gives inf, NaN the positive quiet NaN, as numpy's casts do
// for the NaN numpy's parsers produce), and to a double exactly.
struct half_layout {
  int exp_bits, man_bits;
};
constexpr half_layout layout_of(float_format f) { return f == float_format::bfloat16 ? half_layout{8, 7} : half_layout{5, 10}; }

inline std::uint16_t half_bits_from_double(float_format f, double d) {
  const half_layout l = layout_of(f);
  const int bias = (1 << (l.exp_bits - 1)) - 1, max_exp = (1 << l.exp_bits) - 1;
  std::uint64_t b;
  std::memcpy(&b, &d, sizeof b);
  const std::uint16_t sign = std::uint16_t((b >> 63) << 15);
  const std::uint64_t mag = b & ~(std::uint64_t(1) << 63);
  const std::uint16_t inf = std::uint16_t(max_exp << l.man_bits);
  if (mag > 0x7ff0000000000000ull) return std::uint16_t(inf | (1u << (l.man_bits - 1)));  // NaN: quiet, positive
  if (mag == 0x7ff0000000000000ull) return std::uint16_t(sign | inf);
  const int e = int(mag >> 52) - 1023;
  if (e < -1022) return sign;  // a double subnormal: below half of every 16-bit float's smallest subnormal
  const std::uint64_t sig = (mag & ((std::uint64_t(1) << 52) - 1)) | (std::uint64_t(1) << 52);
  const int emin = 1 - bias;
  const bool normal = e >= emin;
  const int shift = 52 - l.man_bits + (normal ? 0 : emin - e);
  if (shift >= 64) return sign;
  std::uint64_t q = sig >> shift;
  const std::uint64_t rem = sig & ((std::uint64_t(1) << shift) - 1), half = std::uint64_t(1) << (shift - 1);
  if (rem > half || (rem == half && (q & 1))) ++q;
  if (!normal) return std::uint16_t(sign | q);  // q == 2^man_bits is the smallest normal: the same bits
  int biased = e + bias;
  if (q >> (l.man_bits + 1)) q >>= 1, ++biased;
  if (biased >= max_exp) return std::uint16_t(sign | inf);
  return std::uint16_t(sign | (std::uint64_t(biased) << l.man_bits) | (q & ((std::uint64_t(1) << l.man_bits) - 1)));
}

inline double half_bits_to_double(float_format f, std::uint16_t h) {
  const half_layout l = layout_of(f);
  const int bias = (1 << (l.exp_bits - 1)) - 1, max_exp = (1 << l.exp_bits) - 1;
  const int e = (h >> l.man_bits) & max_exp;
  const unsigned m = h & ((1u << l.man_bits) - 1);
  double v;
  if (e == max_exp) v = m ? std::nan("") : HUGE_VAL;
  else if (e == 0) v = std::ldexp(double(m), 1 - bias - l.man_bits);
  else v = std::ldexp(double(m | (1u << l.man_bits)), e - bias - l.man_bits);
  return (h >> 15) ? -v : v;
}

// A key from a double (integers: the caller checks the range) and back.
template <class K>
K key_from_double(double d) {
  constexpr float_format f = numpy_dtype_of<K>().format;
  if constexpr (f == float_format::binary16 || f == float_format::bfloat16) {
    static_assert(sizeof(K) == 2);
    const std::uint16_t bits = half_bits_from_double(f, d);
    K k;
    std::memcpy(&k, &bits, sizeof k);
    return k;
  } else {
    return static_cast<K>(d);
  }
}
template <class K>
double key_to_double(K k) {
  constexpr float_format f = numpy_dtype_of<K>().format;
  if constexpr (f == float_format::binary16 || f == float_format::bfloat16) {
    std::uint16_t bits;
    std::memcpy(&bits, &k, sizeof bits);
    return half_bits_to_double(f, bits);
  } else {
    return static_cast<double>(k);
  }
}

// A value of one key type as another (as numpy's astype converts it): through
// a double where either side is a 16-bit float, else static_cast.
template <class To, class From>
To convert_key(From v) {
  if constexpr (std::is_arithmetic_v<To> && std::is_arithmetic_v<From>) return static_cast<To>(v);
  else return key_from_double<To>(key_to_double(v));
}

}  // namespace ordo::detail
