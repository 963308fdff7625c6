// The key model (include/ordo/detail/key_traits.hpp) for every key type:
// codes are monotone over adversarial values, integers round-trip bit for
// bit, the canonical-float rule holds, and the encodings equal the ones they
// replaced (rank's to_order_bits and the segmented sort's code_io, copied
// here as references).
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "ordo/detail/key_traits.hpp"
#include "ordo/detail/key_types.hpp"
#include "ordo/types.hpp"
#include "common/type_lists.hpp"

namespace {

using ordo::detail::key_kind;
using ordo::detail::key_traits;

template <class K>
using code_t = typename key_traits<K>::code_t;

template <class K>
code_t<K> bits_of(K k) {
  code_t<K> b;
  std::memcpy(&b, &k, sizeof b);
  return b;
}
template <class K>
K from_bits(code_t<K> b) {
  K k;
  std::memcpy(&k, &b, sizeof b);
  return k;
}

// --- references: the encodings before the key model ----------------------

// src/common/order_bits.hpp's to_order_bits (rank's encoding).
template <class K>
using old_order_bits_t = std::conditional_t<sizeof(K) == 4, std::uint32_t, std::uint64_t>;
template <class K>
old_order_bits_t<K> old_to_order_bits(K k, bool descending, bool nan_on_top) {
  using U = old_order_bits_t<K>;
  constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
  U b;
  if constexpr (std::is_floating_point_v<K>) {
    if (k != k) return nan_on_top ? U(0) : ~U(0);
    if (k == K(0)) k = K(0);
    std::memcpy(&b, &k, sizeof(U));
    b = (b & sign) ? ~b : (b | sign);
  } else if constexpr (std::is_signed_v<K>) {
    b = U(k) ^ sign;
  } else {
    b = U(k);
  }
  return descending ? U(~b) : b;
}

// element_io.cuh's code_io<Code>::encode / decode (segmented and rough sort).
template <class Code>
struct old_code_io {
  static constexpr Code sign = Code(1) << (sizeof(Code) * 8 - 1);
  static constexpr Code exp_mask = sizeof(Code) == 4 ? Code(0x7f800000u) : Code(0x7ff0000000000000ull);
  static constexpr Code quiet_nan = sizeof(Code) == 4 ? Code(0x7fc00000u) : Code(0x7ff8000000000000ull);
  key_kind kind;
  bool descending;
  bool canonical;
  Code encode(Code x) const {
    Code c = x;
    if (kind == key_kind::signed_int) {
      c = x ^ sign;
    } else if (kind == key_kind::floating) {
      if (canonical) {
        if ((x & ~sign) > exp_mask) x = quiet_nan;
        else if (x == sign) x = 0;
      }
      c = (x & sign) ? ~x : (x | sign);
    }
    return descending ? ~c : c;
  }
  Code decode(Code c) const {
    if (descending) c = ~c;
    if (kind == key_kind::signed_int) return c ^ sign;
    if (kind == key_kind::floating) return (c & sign) ? (c ^ sign) : ~c;
    return c;
  }
};

// --- adversarial values, in ascending order --------------------------------

// Floats: -NaN < -inf < ... < -0.0 == +0.0 < ... < +inf < +NaN by their raw
// codes; NaNs of several payloads and both signs, quiet and signalling.
template <class K>
std::vector<K> nans() {
  using U = code_t<K>;
  constexpr U sign = U(1) << (sizeof(U) * 8 - 1);
  const U qnan = bits_of(std::numeric_limits<K>::quiet_NaN());
  const U inf = bits_of(std::numeric_limits<K>::infinity());
  std::vector<U> payloads = {qnan, U(qnan | 1), U(qnan | (qnan >> 2)), U(inf | 1), U(inf | (U(1) << 20)), U(~sign)};
  std::vector<K> out;
  for (U p : payloads) {
    out.push_back(from_bits<K>(p));
    out.push_back(from_bits<K>(U(p | sign)));
  }
  return out;
}

template <class K>
std::vector<K> ordered_numbers() {
  using L = std::numeric_limits<K>;
  std::vector<K> v;
  if constexpr (std::is_floating_point_v<K>) {
    v = {-L::infinity(), L::lowest(), K(-1e30), K(-1), -L::min(), -L::denorm_min() * K(3), -L::denorm_min(),
         K(-0.0), K(0.0), L::denorm_min(), L::denorm_min() * K(3), L::min(), std::nextafter(L::min(), K(1)),
         K(0.5), K(1), std::nextafter(K(1), K(2)), K(1e30), L::max(), L::infinity()};
  } else {
    using U = std::make_unsigned_t<K>;
    const U sign = U(1) << (sizeof(K) * 8 - 1);
    std::vector<U> raw = {0, 1, 2, 0x7f, 0x80, 0xff, U(sign - 1), sign, U(sign + 1), U(~U(0) - 1), U(~U(0)),
                          U(0x5555555555555555ull), U(0xaaaaaaaaaaaaaaaaull)};
    std::mt19937_64 rng(42);
    for (int i = 0; i < 200; ++i) raw.push_back(U(rng()));
    for (U r : raw) v.push_back(K(r));
    v.push_back(L::min());
    v.push_back(L::max());
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }
  return v;
}

template <class K>
class KeyTraits : public ::testing::Test {};
TYPED_TEST_SUITE(KeyTraits, ordo_test::key_types, ordo_test::type_names);

TYPED_TEST(KeyTraits, WidthAndKind) {
  using K = TypeParam;
  using T = key_traits<K>;
  static_assert(sizeof(typename T::code_t) == sizeof(K) && std::is_unsigned_v<typename T::code_t>);
  EXPECT_EQ(T::bits, int(8 * sizeof(K)));
  const key_kind want = std::is_floating_point_v<K> ? key_kind::floating
                        : std::is_signed_v<K>       ? key_kind::signed_int
                                                    : key_kind::unsigned_int;
  EXPECT_EQ(T::kind, want);
}

// encode: strictly increasing over distinct numbers, equal for -0.0/+0.0, and
// every NaN after +inf with one code.
TYPED_TEST(KeyTraits, EncodeIsMonotone) {
  using K = TypeParam;
  using T = key_traits<K>;
  const auto v = ordered_numbers<K>();
  for (std::size_t i = 1; i < v.size(); ++i) {
    const bool zeros = v[i - 1] == K(0) && v[i] == K(0);
    if (zeros) EXPECT_EQ(T::encode(v[i - 1]), T::encode(v[i])) << i;
    else EXPECT_LT(T::encode(v[i - 1]), T::encode(v[i])) << i << ": " << +v[i - 1] << " " << +v[i];
  }
  if constexpr (std::is_floating_point_v<K>) {
    const auto nan_code = T::encode(std::numeric_limits<K>::quiet_NaN());
    EXPECT_GT(nan_code, T::encode(std::numeric_limits<K>::infinity()));
    for (K x : nans<K>()) EXPECT_EQ(T::encode(x), nan_code);
  }
}

// The raw (non-canonical) code orders every bit pattern, NaNs of both signs
// included, and inverts exactly: the bijection the unstable sorts decode.
TYPED_TEST(KeyTraits, RawCodeIsABijection) {
  using K = TypeParam;
  using T = key_traits<K>;
  using U = code_t<K>;
  std::vector<K> v;
  if constexpr (std::is_floating_point_v<K>) {
    for (K x : nans<K>())
      if (std::signbit(x)) v.push_back(x);
    std::sort(v.begin(), v.end(), [](K a, K b) { return bits_of(a) > bits_of(b); });  // -NaN: larger bits first
    for (K x : ordered_numbers<K>()) v.push_back(x);
    std::vector<K> pos;
    for (K x : nans<K>())
      if (!std::signbit(x)) pos.push_back(x);
    std::sort(pos.begin(), pos.end(), [](K a, K b) { return bits_of(a) < bits_of(b); });
    v.insert(v.end(), pos.begin(), pos.end());
  } else {
    v = ordered_numbers<K>();
  }
  std::vector<U> codes;
  for (K x : v) codes.push_back(ordo::detail::encode_code(T::kind, bits_of(x), false));
  for (std::size_t i = 1; i < codes.size(); ++i) EXPECT_LT(codes[i - 1], codes[i]) << i;
  for (std::size_t i = 0; i < v.size(); ++i)
    EXPECT_EQ(ordo::detail::decode_code(T::kind, codes[i]), bits_of(v[i])) << i;
}

TYPED_TEST(KeyTraits, DecodeInvertsEncode) {
  using K = TypeParam;
  using T = key_traits<K>;
  auto v = ordered_numbers<K>();
  if constexpr (std::is_floating_point_v<K>) {
    const auto n = nans<K>();
    v.insert(v.end(), n.begin(), n.end());
  }
  for (K x : v) {
    EXPECT_EQ(bits_of(T::decode(T::encode(x))), bits_of(T::canonical(x)));
    if constexpr (!std::is_floating_point_v<K>) {
      EXPECT_EQ(bits_of(T::decode(T::encode(x))), bits_of(x));  // integers: bit for bit
      EXPECT_EQ(bits_of(T::canonical(x)), bits_of(x));
    }
  }
}

TYPED_TEST(KeyTraits, CanonicalFloats) {
  using K = TypeParam;
  using T = key_traits<K>;
  if constexpr (std::is_floating_point_v<K>) {
    EXPECT_EQ(bits_of(T::canonical(K(-0.0))), bits_of(K(0.0)));
    for (K x : nans<K>()) {
      EXPECT_EQ(bits_of(T::canonical(x)), bits_of(std::numeric_limits<K>::quiet_NaN()));
      EXPECT_TRUE(T::is_nan(x));
      EXPECT_TRUE(T::tie(x, std::numeric_limits<K>::quiet_NaN()));
      EXPECT_FALSE(T::tie(x, K(0)));
      EXPECT_TRUE(ordo::detail::in_ascending_order(K(1), x));
      EXPECT_FALSE(ordo::detail::in_ascending_order(x, K(1)));
      EXPECT_TRUE(ordo::detail::in_descending_order(x, K(1)));
      EXPECT_FALSE(ordo::detail::in_descending_order(K(1), x));
    }
    EXPECT_TRUE(T::tie(K(-0.0), K(0.0)));
    for (K x : ordered_numbers<K>()) {
      EXPECT_FALSE(T::is_nan(x));
      if (x != K(0)) {
        EXPECT_EQ(bits_of(T::canonical(x)), bits_of(x));
      }
    }
  } else {
    for (K x : ordered_numbers<K>()) EXPECT_FALSE(T::is_nan(x));
  }
  EXPECT_TRUE(T::tie(K(1), K(1)));
  EXPECT_FALSE(T::tie(K(1), K(2)));
  EXPECT_TRUE(ordo::detail::in_ascending_order(K(1), K(2)));
  EXPECT_FALSE(ordo::detail::in_ascending_order(K(2), K(1)));
  EXPECT_TRUE(ordo::detail::in_descending_order(K(2), K(1)));
  EXPECT_TRUE(ordo::detail::keys_tie(K(2), K(2)));
}

template <class K>
std::vector<K> every_value() {
  auto v = ordered_numbers<K>();
  if constexpr (std::is_floating_point_v<K>) {
    const auto n = nans<K>();
    v.insert(v.end(), n.begin(), n.end());
  }
  return v;
}

TYPED_TEST(KeyTraits, RankBitsEqualOldToOrderBits) {
  using K = TypeParam;
  for (K x : every_value<K>())
    for (bool desc : {false, true})
      for (bool top : {false, true}) {
        const auto got = key_traits<K>::rank_bits(x, desc, top);
        static_assert(std::is_same_v<decltype(got), const old_order_bits_t<K>>);
        EXPECT_EQ(got, old_to_order_bits(x, desc, top)) << +x << " desc " << desc << " top " << top;
      }
}

// code_io's encode/decode is now encode_code/decode_code plus the descending
// flip: equal to the old one for every kind flag, canonical or not.
TYPED_TEST(KeyTraits, CodeIoEqualsOldCodeIo) {
  using K = TypeParam;
  using U = code_t<K>;
  const key_kind kind = key_traits<K>::kind;
  for (K x : every_value<K>())
    for (bool desc : {false, true})
      for (bool canon : {false, true}) {
        const old_code_io<U> old{kind, desc, canon};
        U c = ordo::detail::encode_code(kind, bits_of(x), canon);
        if (desc) c = ~c;
        EXPECT_EQ(c, old.encode(bits_of(x)));
        U d = desc ? U(~c) : c;
        EXPECT_EQ(ordo::detail::decode_code(kind, d), old.decode(c));
      }
}

TEST(KeyTypes, OneListNamesEveryType) {
  std::vector<std::string> names;
#define ORDO_TEST_NAME_(T, N)                  \
  ::ordo_test::expect_key_type_named<T>(#N); \
  names.push_back(#N);
  ORDO_FOR_EACH_KEY_TYPE(ORDO_TEST_NAME_)
#undef ORDO_TEST_NAME_
  EXPECT_EQ(names, (std::vector<std::string>{"int32", "uint32", "int64", "uint64", "float", "double"}));
  // the narrow keys are a second list (tests/cpu/narrow_keys_test.cpp)
  EXPECT_TRUE(ordo::is_key_type_v<bool>);
  EXPECT_TRUE(ordo::is_key_type_v<std::int16_t>);
  EXPECT_TRUE(ordo::visit_key_type("int16", [](auto) {}));
  EXPECT_FALSE(ordo::is_key_type_v<char>);
  EXPECT_FALSE(ordo::is_key_type_v<long double>);
  EXPECT_FALSE(ordo::visit_key_type("float128", [](auto) {}));
  EXPECT_STREQ(ordo::type_name<char>(), "unknown");
}

}  // namespace
