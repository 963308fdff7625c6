// Rank over key columns: the cases shared by the CPU and GPU suites and their
// sequential reference, written apart from src/: the rows put in order by a
// stable sort of the row indices with a comparator over the columns (the
// keys' own comparisons), then the runs of rows equal on every column walked
// as pandas walks tie groups (ref_group_rank of reference.hpp).
#pragma once
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "common/generators.hpp"
#include "common/lexsort_reference.hpp"
#include "common/reference.hpp"
#include "ordo/multikey_rank.hpp"

namespace ordo_test {

// Five columns of few distinct values each (so whole rows tie often), with
// NaN (several payloads), -0.0 and +0.0, +-inf and integer extremes.
struct multikey_case {
  std::vector<std::int32_t> a;  // 3 values
  std::vector<double> b;        // NaN, -0.0, +0.0, +-inf, 1.5
  std::vector<std::uint64_t> c; // 0 and 2^64 - 1
  std::vector<float> d;         // NaN, -0.0, +0.0, -inf, 2
  std::vector<std::int64_t> e;  // INT64_MIN, 0, INT64_MAX
};

template <class K>
std::vector<K> drawn_from(std::size_t n, const std::vector<K>& pool, std::uint64_t seed) {
  std::vector<K> out(n);
  rng r(seed);
  for (auto& k : out) k = pool[r.below(pool.size())];
  return out;
}

inline multikey_case make_multikey_case(std::size_t n, std::uint64_t seed) {
  const double inf = std::numeric_limits<double>::infinity();
  const std::vector<double> nan_d = nan_values<double>();
  const std::vector<float> nan_f = nan_values<float>();
  multikey_case k;
  k.a = drawn_from<std::int32_t>(n, {-7, 0, 1 << 30}, seed);
  k.b = drawn_from<double>(n, {nan_d[0], nan_d[1], nan_d[2], -0.0, 0.0, inf, -inf, 1.5, 1.5}, seed + 1);
  k.c = drawn_from<std::uint64_t>(n, {0, ~std::uint64_t(0)}, seed + 2);
  k.d = drawn_from<float>(n, {nan_f[0], nan_f[3], -0.0f, 0.0f, -std::numeric_limits<float>::infinity(), 2.0f, 2.0f},
                          seed + 3);
  k.e = drawn_from<std::int64_t>(
      n, {std::numeric_limits<std::int64_t>::min(), 0, std::numeric_limits<std::int64_t>::max()}, seed + 4);
  return k;
}

// Which columns (0 a ... 4 e), and each one's make_sort_key direction.
struct multikey_spec {
  std::vector<int> which;
  std::vector<bool> descending;
};

inline std::vector<multikey_spec> multikey_specs() {
  return {{{1}, {false}},                      // one column with NaN: rank() of it
          {{0, 1}, {false, true}},             // int32 asc, double desc
          {{3, 2, 4}, {true, false, false}},   // float desc, uint64, int64
          {{1, 3}, {false, false}},            // NaN in both columns
          {{4, 3, 2, 1, 0, 3, 1, 0}, {false, true, true, false, true, false, true, false}}};  // eight
}

inline std::string spec_name(const multikey_spec& s) {
  std::string out;
  for (std::size_t i = 0; i < s.which.size(); ++i)
    out += std::string(1, char('a' + s.which[i])) + (s.descending[i] ? "-" : "+");
  return out;
}

inline std::string options_name(const ordo::rank_options& o) {
  return std::string(ordo::to_string(o.method)) + (o.ascending ? " asc" : " desc") + " na=" + ordo::to_string(o.na) +
         (o.pct ? " pct" : "");
}

// The sort keys over the case's columns as the suite holds them (host or device spans).
inline std::vector<ordo::sort_key> multikey_keys(const multikey_spec& s, std::span<const std::int32_t> a,
                                                 std::span<const double> b, std::span<const std::uint64_t> c,
                                                 std::span<const float> d, std::span<const std::int64_t> e) {
  std::vector<ordo::sort_key> out;
  for (std::size_t i = 0; i < s.which.size(); ++i) {
    const bool desc = s.descending[i];
    switch (s.which[i]) {
      case 0: out.push_back(ordo::make_sort_key(a, desc)); break;
      case 1: out.push_back(ordo::make_sort_key(b, desc)); break;
      case 2: out.push_back(ordo::make_sort_key(c, desc)); break;
      case 3: out.push_back(ordo::make_sort_key(d, desc)); break;
      default: out.push_back(ordo::make_sort_key(e, desc)); break;
    }
  }
  return out;
}

// One column of the reference: its order between two rows and whether a row's key is NaN.
struct ref_column {
  std::function<int(std::size_t, std::size_t)> order;
  std::function<bool(std::size_t)> is_nan;
};

template <class K>
ref_column make_ref_column(const std::vector<K>& v, bool descending, bool nan_last) {
  return {[&v, descending, nan_last](std::size_t x, std::size_t y) { return column_order(v[x], v[y], descending, nan_last); },
          [&v](std::size_t x) { return ref_is_nan(v[x]); }};
}

// pandas' rank of the rows as tuples: the columns' directions reversed when
// !ascending, NaN first for na top and last otherwise; under keep a row with
// a NaN is left out (NaN rank) and not counted.
inline std::vector<double> reference_multikey_rank(std::size_t n, const std::vector<ref_column>& cols,
                                                   const ordo::rank_options& o) {
  std::vector<std::size_t> rows;
  for (std::size_t i = 0; i < n; ++i) {
    bool nan = false;
    for (const ref_column& c : cols) nan = nan || c.is_nan(i);
    if (!(nan && o.na == ordo::na_option::keep)) rows.push_back(i);
  }
  const auto cmp = [&](std::size_t x, std::size_t y) {
    for (const ref_column& c : cols) {
      const int r = c.order(x, y);
      if (r != 0) return r;
    }
    return 0;
  };
  std::stable_sort(rows.begin(), rows.end(), [&](std::size_t x, std::size_t y) { return cmp(x, y) < 0; });
  std::vector<double> out(n, std::numeric_limits<double>::quiet_NaN());
  std::size_t dense = 0;
  for (std::size_t i = 0; i < rows.size();) {
    std::size_t j = i;
    while (j + 1 < rows.size() && cmp(rows[j + 1], rows[i]) == 0) ++j;
    ++dense;
    for (std::size_t p = i; p <= j; ++p) out[rows[p]] = ref_group_rank(o.method, p, i, j, dense);
    i = j + 1;
  }
  if (o.pct) {
    const double divisor = o.method == ordo::rank_method::dense ? double(dense) : double(rows.size());
    for (double& r : out) r /= divisor;
  }
  return out;
}

inline std::vector<double> multikey_want(const multikey_case& k, const multikey_spec& s, const ordo::rank_options& o) {
  const bool nan_last = o.na != ordo::na_option::top;
  std::vector<ref_column> cols;
  for (std::size_t i = 0; i < s.which.size(); ++i) {
    const bool desc = s.descending[i] != !o.ascending;
    switch (s.which[i]) {
      case 0: cols.push_back(make_ref_column(k.a, desc, nan_last)); break;
      case 1: cols.push_back(make_ref_column(k.b, desc, nan_last)); break;
      case 2: cols.push_back(make_ref_column(k.c, desc, nan_last)); break;
      case 3: cols.push_back(make_ref_column(k.d, desc, nan_last)); break;
      default: cols.push_back(make_ref_column(k.e, desc, nan_last)); break;
    }
  }
  return reference_multikey_rank(k.a.size(), cols, o);
}

// Every method, direction, na_option and pct.
inline std::vector<ordo::rank_options> multikey_option_grid() {
  std::vector<ordo::rank_options> out;
  for (ordo::rank_method m : {ordo::rank_method::average, ordo::rank_method::min, ordo::rank_method::max,
                              ordo::rank_method::dense, ordo::rank_method::ordinal})
    for (bool asc : {true, false})
      for (ordo::na_option na : {ordo::na_option::keep, ordo::na_option::top, ordo::na_option::bottom})
        for (bool pct : {false, true}) {
          ordo::rank_options o;
          o.method = m;
          o.ascending = asc;
          o.na = na;
          o.pct = pct;
          out.push_back(o);
        }
  return out;
}

// Element by element; NaN equals NaN, and an unranked row is 0 in integer
// ranks. Returns the first index that differs, or n.
template <class R>
std::size_t first_difference(const std::vector<R>& got, const std::vector<double>& want) {
  if (got.size() != want.size()) return 0;
  for (std::size_t i = 0; i < want.size(); ++i) {
    const R w = std::isnan(want[i]) ? (std::is_floating_point_v<R> ? std::numeric_limits<R>::quiet_NaN() : R(0))
                                    : R(want[i]);
    const bool gn = std::isnan(double(got[i])), wn = std::isnan(double(w));
    if (gn != wn || (!gn && got[i] != w)) return i;
  }
  return want.size();
}

}  // namespace ordo_test
