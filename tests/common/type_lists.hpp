// GoogleTest type lists for typed tests: the key types (key_types.hpp), and every
// (key, rank) pair ordo instantiates, with readable names ("int32_uint64").
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "ordo/detail/key_types.hpp"
#include "ordo/rank.hpp"
#include "ordo/types.hpp"

namespace ordo_test {

template <class K, class R>
struct key_rank {
  using key = K;
  using rank = R;
};

// ::testing::Types of the list after its first entry, so that the X-macro
// below can put a comma before every type.
template <class First, class... T>
struct types_after_first {
  using type = ::testing::Types<T...>;
};

#ifndef ORDO_TEST_LEAN_TYPES
#define ORDO_TEST_COMMA_KEY(K) , K
using key_types = types_after_first<void ORDO_FOR_EACH_KEY(ORDO_TEST_COMMA_KEY)>::type;
#undef ORDO_TEST_COMMA_KEY

#define ORDO_TEST_KEY_RANKS(K) \
  , key_rank<K, std::uint32_t>, key_rank<K, std::uint64_t>, key_rank<K, float>, key_rank<K, double>
using key_rank_types = types_after_first<void ORDO_FOR_EACH_KEY(ORDO_TEST_KEY_RANKS)>::type;
#undef ORDO_TEST_KEY_RANKS
#else
// The sanitizer build (CMake ORDO_TEST_LEAN_TYPES, .ci/run's ASan + UBSan
// step) runs every test on one key of each kind the code tells apart
// (signed / unsigned, 32 / 64 bits, integer / floating) and every rank type,
// instead of the whole cross product: the build that runs the full lists
// (scripts/test) has already passed, and the sanitizers look for memory and
// UB errors, which the code paths show, not the types.
using key_types = ::testing::Types<std::int32_t, std::uint64_t, float>;
using key_rank_types =
    ::testing::Types<key_rank<std::int32_t, std::uint32_t>, key_rank<std::uint64_t, std::uint64_t>,
                     key_rank<float, float>, key_rank<std::int32_t, double>, key_rank<double, double>>;
#endif

template <class T>
struct type_label {
  static std::string get() { return ordo::type_name<T>(); }
};
template <class K, class R>
struct type_label<key_rank<K, R>> {
  static std::string get() { return std::string(ordo::type_name<K>()) + "_" + ordo::type_name<R>(); }
};

// For TYPED_TEST_SUITE(Suite, types, type_names).
struct type_names {
  template <class T>
  static std::string GetName(int) { return type_label<T>::get(); }
};

template <class T>
class typed_test : public ::testing::Test {};

}  // namespace ordo_test

// A typed suite in one line: the fixture (no state of its own) and the suite
// over `types`, each test named by its type. tests/gpu has ORDO_GPU_TYPED_SUITE.
#define ORDO_TYPED_SUITE(Suite, types)                   \
  template <class T>                                    \
  using Suite = ::ordo_test::typed_test<T>;             \
  TYPED_TEST_SUITE(Suite, types, ::ordo_test::type_names)

namespace ordo_test {

// The methods a rank type can hold: 'average' needs a floating rank.
// T is a key type that type_name names `name`, and visit_key_type(name)
// visits with a T.
template <class T>
void expect_key_type_named(const char* name) {
  static_assert(ordo::is_key_type_v<T>);
  EXPECT_STREQ(ordo::type_name<T>(), name);
  EXPECT_TRUE(ordo::visit_key_type(name, [](auto k) { EXPECT_TRUE((std::is_same_v<decltype(k), T>)); }));
}

template <class R>
std::vector<ordo::rank_method> methods_for() {
  using m = ordo::rank_method;
  if constexpr (std::is_floating_point_v<R>) return {m::min, m::max, m::dense, m::ordinal, m::average};
  else return {m::min, m::max, m::dense, m::ordinal};
}

}  // namespace ordo_test
