// The narrow keys (int8, uint8, int16, uint16, bool, float16, bfloat16) on the
// CPU: every capability against the sequential references of
// common/narrow_cases.hpp, on cpu{1} and on every core; the 16-bit float
// conversions against known patterns; the key lists' names.
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "common/narrow_cases.hpp"
#include "common/type_lists.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/types.hpp"

namespace ordo_test::narrow {
namespace {

ORDO_TYPED_SUITE(NarrowKeysCpu, narrow_types);

TYPED_TEST(NarrowKeysCpu, EveryCapabilitySequential) {
  host_narrow_space sp{ordo::cpu{1}};
  run_grid<TypeParam>(sp, 29);
}

TYPED_TEST(NarrowKeysCpu, EveryCapabilityThreaded) {
  host_narrow_space sp{ordo::cpu{4}};
  run_grid<TypeParam>(sp, 2900);
}

TYPED_TEST(NarrowKeysCpu, UserComparatorSeesNarrowKeys) {
  using K = TypeParam;
  for (const auto& shape : {"random", "special", "few"})
    for (std::size_t n : {0, 1, 33, 1025, 100000}) {
      host_narrow_space sp{ordo::cpu{}};
      check_user_comparator<K>(sp, make_keys<K>(shape, n, n + 7),
                               std::string(ordo::type_name<K>()) + " " + shape + " n=" + std::to_string(n));
    }
}

TYPED_TEST(NarrowKeysCpu, CarrierRoundTripIsExact) {
  using K = TypeParam;
  using ordo::detail::narrow_key;
  using ordo::detail::widen_key;
  static_assert(ordo::detail::is_narrow_key_v<K>);
  static_assert(ordo::is_key_type_v<K>);
  static_assert(sizeof(ordo::detail::carrier_t<K>) == 4);
  const unsigned count = std::is_same_v<K, bool> ? 2u : 1u << (8 * sizeof(K));
  for (unsigned b = 0; b < count; ++b) {
    const store_t<K> s = from_bits<K>(std::uint16_t(b));
    K k;
    std::memcpy(&k, &s, sizeof k);
    const K back = narrow_key<K>(widen_key<K>(k));
    ASSERT_EQ(std::memcmp(&back, &k, sizeof k), 0) << std::hex << b;
    // widening keeps the order: the next pattern in key order widens larger
  }
}

TEST(NarrowKeys, Float16Conversions) {
  struct known {
    std::uint16_t bits;
    float value;
  };
  for (known c : {known{0x0000, 0.0f}, known{0x3c00, 1.0f}, known{0xc000, -2.0f}, known{0x7bff, 65504.0f},
                  known{0x0400, 0x1p-14f}, known{0x0001, 0x1p-24f}, known{0x03ff, 0x3ffp-24f}, known{0x3555, 0x1.554p-2f},
                  known{0x7c00, std::numeric_limits<float>::infinity()},
                  known{0xfc00, -std::numeric_limits<float>::infinity()}}) {
    EXPECT_EQ(float(ordo::half::from_bits(c.bits)), c.value) << std::hex << c.bits;
    EXPECT_EQ(ordo::half(c.value).bits(), c.bits) << c.value;
  }
  EXPECT_EQ(ordo::half(-0.0f).bits(), 0x8000);
  EXPECT_TRUE(std::signbit(float(ordo::half::from_bits(0x8000))));
  EXPECT_EQ(ordo::half(65520.0f).bits(), 0x7c00);           // halfway past the largest: inf
  EXPECT_EQ(ordo::half(65519.0f).bits(), 0x7bff);
  EXPECT_EQ(ordo::half(0x1p-25f).bits(), 0x0000);           // halfway to the smallest subnormal: even
  EXPECT_EQ(ordo::half(0x1.8p-24f).bits(), 0x0002);         // 1.5 subnormal units: even (2)
  EXPECT_EQ(ordo::half(1.0f + 0x1p-11f).bits(), 0x3c00);    // halfway: even
  EXPECT_EQ(ordo::half(1.0f + 0x3p-11f).bits(), 0x3c02);    // halfway: even
  EXPECT_TRUE(std::isnan(float(ordo::half(std::numeric_limits<float>::quiet_NaN()))));
  // NaN payloads survive the round trip, signalling ones included
  for (std::uint16_t b : {0x7c01, 0x7e00, 0xfe00, 0x7fff, 0xfc01})
    EXPECT_EQ(ordo::half(float(ordo::half::from_bits(b))).bits(), b) << std::hex << b;
}

TEST(NarrowKeys, Bfloat16Conversions) {
  EXPECT_EQ(float(ordo::bfloat16::from_bits(0x3f80)), 1.0f);
  EXPECT_EQ(float(ordo::bfloat16::from_bits(0xc040)), -3.0f);
  EXPECT_EQ(ordo::bfloat16(1.0f).bits(), 0x3f80);
  EXPECT_EQ(ordo::bfloat16(1.0f + 0x1p-8f).bits(), 0x3f80);  // halfway: even
  EXPECT_EQ(ordo::bfloat16(1.0f + 0x3p-8f).bits(), 0x3f82);  // halfway: even
  EXPECT_EQ(ordo::bfloat16(std::numeric_limits<float>::max()).bits(), 0x7f80);  // rounds to inf
  EXPECT_EQ(ordo::bfloat16(-0.0f).bits(), 0x8000);
  for (std::uint16_t b : {0x7f81, 0x7fc0, 0xffc0, 0x7fff})
    EXPECT_EQ(ordo::bfloat16(float(ordo::bfloat16::from_bits(b))).bits(), b) << std::hex << b;
  const float nan_low_payload = ordo::detail::float_of_bits(0x7f800001u);  // payload below bfloat16's bits
  EXPECT_TRUE(std::isnan(float(ordo::bfloat16(nan_low_payload))));
}

TEST(NarrowKeys, NamesAsNumpySpellsThem) {
  std::vector<std::string> names;
#define ORDO_TEST_NAME_(T, N)                        \
  static_assert(ordo::detail::is_narrow_key_v<T>); \
  ::ordo_test::expect_key_type_named<T>(#N);       \
  names.push_back(#N);
  ORDO_FOR_EACH_NARROW_KEY_TYPE(ORDO_TEST_NAME_)
#undef ORDO_TEST_NAME_
  EXPECT_EQ(names, (std::vector<std::string>{"int8", "uint8", "int16", "uint16", "bool", "float16", "bfloat16"}));
#define ORDO_TEST_WIDE_(T, N) static_assert(!ordo::detail::is_narrow_key_v<T>);
  ORDO_FOR_EACH_KEY_TYPE(ORDO_TEST_WIDE_)
#undef ORDO_TEST_WIDE_
  static_assert(std::is_same_v<ordo::detail::carrier_t<bool>, std::uint32_t>);
  static_assert(std::is_same_v<ordo::detail::carrier_t<std::int8_t>, std::int32_t>);
  static_assert(std::is_same_v<ordo::detail::carrier_t<ordo::bfloat16>, float>);
  EXPECT_FALSE(ordo::is_key_type_v<char>);
  EXPECT_FALSE(ordo::visit_key_type("float8", [](auto) {}));
}

// bool ranks as pandas ranks a bool Series: False < True, ties averaged.
TEST(NarrowKeys, BoolRanksAsPandas) {
  const bool keys[] = {true, false, true, true, false};
  std::vector<double> r(5);
  ordo::rank(ordo::cpu{}, std::span<const bool>(keys), std::span<double>(r));
  EXPECT_EQ(r, (std::vector<double>{4, 1.5, 4, 4, 1.5}));  // pd.Series([True, False, True, True, False]).rank()
  ordo::rank_options o;
  o.method = ordo::rank_method::dense;
  o.ascending = false;
  ordo::rank(ordo::cpu{}, std::span<const bool>(keys), std::span<double>(r), o);
  EXPECT_EQ(r, (std::vector<double>{1, 2, 1, 1, 2}));
}

// Without CUDA, ordo::cuda over narrow keys is the usual "not built" error,
// named after the operation.
TEST(NarrowKeys, CudaUnavailableNamesTheOperation) {
  if (ordo::cuda_available()) GTEST_SKIP() << "a GPU is visible";
  const std::int8_t keys[] = {3, 1, 2};
  std::vector<double> r(3);
  try {
    ordo::rank(ordo::cuda{}, std::span<const std::int8_t>(keys), std::span<double>(r));
    ADD_FAILURE() << "no error";
  } catch (const ordo::error& e) {
    EXPECT_EQ(e.code(), ordo::errc::not_supported);
    EXPECT_NE(std::string(e.what()).find("rank"), std::string::npos) << e.what();
  }
  std::int16_t k2[] = {3, 1, 2};
  EXPECT_THROW(ordo::sort(ordo::cuda{}, std::span<std::int16_t>(k2)), ordo::error);
}

}  // namespace
}  // namespace ordo_test::narrow
