// Compares ordo's ranks with a reference, element by element, and says where
// they first differ: the index, both values, the mismatch count and the keys
// around it. Use as EXPECT_TRUE(ranks_match(got, want, keys)) << context.
//
// The reference is double; what each output type should then hold:
//   uint32/uint64  the reference value exactly; 0 where the reference is NaN
//   float          the reference rounded to float (exactly, unless max_ulps)
//   double         the reference (exactly, unless max_ulps)
// NaN equals NaN.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <iomanip>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

namespace ordo_test {

// What an output of type R should hold for reference value `want`.
template <class R>
R expected_as(double want) {
  if constexpr (std::is_integral_v<R>) return std::isnan(want) ? R(0) : R(want);
  else return R(want);
}

template <class R>
bool rank_equal(R got, R want, int max_ulps) {
  if constexpr (std::is_integral_v<R>) {
    return got == want;
  } else {
    if (std::isnan(got) || std::isnan(want)) return std::isnan(got) && std::isnan(want);
    if (got == want) return true;
    R x = want;
    for (int i = 0; i < max_ulps; ++i) {
      x = std::nextafter(x, got);
      if (x == got) return true;
    }
    return false;
  }
}

template <class T>
std::string show_value(T v) {
  std::ostringstream s;
  if constexpr (std::is_floating_point_v<T>) s << std::setprecision(std::numeric_limits<T>::max_digits10);
  if constexpr (sizeof(T) == 1) s << int(v);
  else s << v;
  return s.str();
}

// keys[i - radius .. i + radius] as "keys[a..b] = k k k"; the key at i is marked.
template <class K>
std::string show_keys_around(const std::vector<K>& keys, std::size_t i, std::size_t radius = 3) {
  if (keys.empty()) return "no keys";
  const std::size_t b = i > radius ? i - radius : 0;
  const std::size_t e = std::min(keys.size(), i + radius + 1);
  std::ostringstream s;
  s << "keys[" << b << ".." << e - 1 << "] =";
  for (std::size_t k = b; k < e; ++k) {
    s << (k == i ? " >" : " ") << show_value(keys[k]) << (k == i ? "<" : "");
  }
  return s.str();
}

template <class R, class K>
::testing::AssertionResult ranks_match(const std::vector<R>& got, const std::vector<double>& want,
                                       const std::vector<K>& keys, int max_ulps = 0) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << "got " << got.size() << " ranks, want " << want.size();
  std::size_t first = got.size(), count = 0;
  for (std::size_t i = 0; i < got.size(); ++i) {
    if (!rank_equal(got[i], expected_as<R>(want[i]), max_ulps)) {
      if (count++ == 0) first = i;
    }
  }
  if (count == 0) return ::testing::AssertionSuccess();
  auto f = ::testing::AssertionFailure();
  f << count << " of " << got.size() << " ranks differ; first at index " << first << ": got "
    << show_value(got[first]) << ", want " << show_value(expected_as<R>(want[first]));
  if (keys.size() == got.size()) f << "; " << show_keys_around(keys, first);
  return f;
}

}  // namespace ordo_test
