// lexsort_idx's cases, shared by the CPU and GPU suites: three columns of
// different types, directions and NaN placements, many ties; run(exec, ...)
// is the suite's way to call lexsort_idx and read perm back.
#pragma once
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "common/generators.hpp"
#include "common/lexsort_reference.hpp"
#include "ordo/lexsort.hpp"

namespace ordo_test {

struct lexsort_case {
  std::vector<std::int32_t> a;
  std::vector<double> b;
  std::vector<std::uint64_t> c;
  std::vector<float> d;
};

inline lexsort_case make_lexsort_case(std::size_t n, std::uint64_t seed) {
  lexsort_case k;
  k.a = random_keys<std::int32_t>(n, 4, seed);
  k.b = with_nans<double>(n, n / 5, 3, seed + 1);
  k.c = random_keys<std::uint64_t>(n, 1ull << 40, seed + 2);
  k.d = with_nans<float>(n, n / 3, 2, seed + 3);
  for (std::size_t i = 0; i < n; i += 5) k.d[i] = (i / 5) % 2 ? -0.0f : 0.0f;
  return k;
}

// Column sets: (a asc, b desc NaN first, c asc), (d desc NaN last, a desc), (b asc NaN first),
// (a asc, d desc NaN first), and eight columns of every kind.
struct lexsort_spec {
  std::vector<int> which;  // 0 a, 1 b, 2 c, 3 d
  std::vector<bool> descending, nan_last;
};
inline std::vector<lexsort_spec> lexsort_specs() {
  return {{{0, 1, 2}, {false, true, false}, {true, false, true}},
          {{3, 0}, {true, true}, {true, true}},
          {{1}, {false}, {false}},
          {{0, 3}, {false, true}, {true, false}},  // a float's NaN in the low half of a packed word
          {{3, 1, 0, 3, 1, 0, 3, 2}, {false, true, false, true, false, true, false, true},
           {true, false, false, true, true, false, true, true}}};
}

// The sort keys over `a`..`d` as the suite holds them (host or device spans).
template <class Span>
std::vector<ordo::sort_key> lexsort_keys(const lexsort_spec& s, Span a, std::span<const double> b,
                                         std::span<const std::uint64_t> c, std::span<const float> d) {
  std::vector<ordo::sort_key> out;
  for (std::size_t i = 0; i < s.which.size(); ++i) {
    const bool desc = s.descending[i], nl = s.nan_last[i];
    switch (s.which[i]) {
      case 0: out.push_back(ordo::make_sort_key(a, desc, nl)); break;
      case 1: out.push_back(ordo::make_sort_key(b, desc, nl)); break;
      case 2: out.push_back(ordo::make_sort_key(c, desc, nl)); break;
      default: out.push_back(ordo::make_sort_key(d, desc, nl)); break;
    }
  }
  return out;
}

inline std::vector<std::uint64_t> lexsort_want(const lexsort_case& k, const lexsort_spec& s) {
  std::vector<std::function<int(std::size_t, std::size_t)>> cols;
  for (std::size_t i = 0; i < s.which.size(); ++i) {
    const bool desc = s.descending[i], nl = s.nan_last[i];
    switch (s.which[i]) {
      case 0: cols.push_back([&, desc, nl](std::size_t x, std::size_t y) { return column_order(k.a[x], k.a[y], desc, nl); }); break;
      case 1: cols.push_back([&, desc, nl](std::size_t x, std::size_t y) { return column_order(k.b[x], k.b[y], desc, nl); }); break;
      case 2: cols.push_back([&, desc, nl](std::size_t x, std::size_t y) { return column_order(k.c[x], k.c[y], desc, nl); }); break;
      default: cols.push_back([&, desc, nl](std::size_t x, std::size_t y) { return column_order(k.d[x], k.d[y], desc, nl); }); break;
    }
  }
  return reference_lexsort(k.a.size(), cols);
}

}  // namespace ordo_test
