// The checks of the seed-004 applications (examples/apps), written once over
// the execution policy: the CPU and GPU suites run the same cases against the
// sequential references (suffix_array_reference, spgemm_reference).
#pragma once
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "apps/spgemm.hpp"
#include "apps/suffix_array.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/error.hpp"

namespace ordo_test {

using text_t = std::vector<std::uint8_t>;

inline std::vector<std::uint32_t> suffix_array_on(const ordo::cpu& exec, const text_t& t) {
  std::vector<std::uint32_t> sa(t.size(), 0xdeadbeef);
  ordo_apps::suffix_array(exec, std::span<const std::uint8_t>(t), std::span<std::uint32_t>(sa));
  return sa;
}
#if defined(ORDO_HAS_CUDA)
inline std::vector<std::uint32_t> suffix_array_on(const ordo::cuda& exec, const text_t& t) {
  ordo::device_buffer<std::uint8_t> d{std::span<const std::uint8_t>(t)};
  ordo::device_buffer<std::uint32_t> sa{std::span<const std::uint32_t>(std::vector<std::uint32_t>(t.size(), 0xdeadbeef))};
  ordo_apps::suffix_array(exec, std::as_const(d).span(), sa.span());
  return ordo_apps::to_host(sa);
}
#endif

inline text_t text_of(const std::string& s) { return text_t(s.begin(), s.end()); }

// Texts that stress prefix doubling: tiny ones, one repeated byte (a group
// of all suffixes that splits one suffix per position), periods, a
// Fibonacci word (many long repeats), a block copied five times, every byte
// value (0 included), two-letter alphabets, and the generators.
inline std::vector<std::pair<std::string, text_t>> suffix_array_texts() {
  std::vector<std::pair<std::string, text_t>> v;
  for (const char* s : {"", "a", "ab", "ba", "aa", "banana", "mississippi", "abracadabra", "zyxwvutsrqponm"})
    v.emplace_back(std::string("'") + s + "'", text_of(s));
  for (std::size_t n : {2u, 33u, 1000u, 70000u}) v.emplace_back("a^" + std::to_string(n), text_t(n, 'a'));
  {
    text_t t;
    for (int i = 0; i < 40000; ++i) t.push_back("ab"[i % 2]);
    v.emplace_back("(ab)^20000", t);
    text_t u;
    for (int i = 0; i < 30000; ++i) u.push_back("abcab"[i % 5]);
    v.emplace_back("(abcab)^6000", u);
  }
  {
    std::string a = "a", b = "ab";
    while (b.size() < 50000) {
      std::string c = b + a;
      a = b;
      b = c;
    }
    v.emplace_back("fibonacci word", text_of(b));
  }
  {
    std::mt19937_64 g(5);
    text_t block(3001);
    for (auto& c : block) c = std::uint8_t(g());
    text_t t;
    for (int r = 0; r < 5; ++r) t.insert(t.end(), block.begin(), block.end());
    v.emplace_back("random block x5", t);
    text_t all(100000);
    for (auto& c : all) c = std::uint8_t(g());
    v.emplace_back("random bytes", all);
    text_t bin(65537);
    for (auto& c : bin) c = (g() & 1) ? 0 : 255;
    v.emplace_back("bytes 0 and 255", bin);
  }
  v.emplace_back("dna 1000", ordo_apps::dna_like_text(1000, 1));
  v.emplace_back("dna 65537", ordo_apps::dna_like_text(65537, 2));
  v.emplace_back("dna 150000", ordo_apps::dna_like_text(150000, 3));
  v.emplace_back("words 60000", ordo_apps::word_like_text(60000, 4));
  return v;
}

template <class Exec>
void check_suffix_arrays(const Exec& exec) {
  for (const auto& [name, text] : suffix_array_texts()) {
    SCOPED_TRACE(name);
    const auto want = ordo_apps::suffix_array_reference(text);
    EXPECT_EQ(suffix_array_on(exec, text), want);
  }
}

template <class Exec>
void check_suffix_array_errors(const Exec& exec) {
  const text_t t = text_of("banana");
  std::vector<std::uint32_t> sa(5);
  try {
    ordo_apps::suffix_array(ordo::cpu{}, std::span<const std::uint8_t>(t), std::span<std::uint32_t>(sa));
    ADD_FAILURE() << "no error for an sa of the wrong size";
  } catch (const ordo::error& e) {
    EXPECT_EQ(e.code(), ordo::errc::invalid_argument);
    EXPECT_NE(std::string(e.what()).find("sa has 5 entries"), std::string::npos) << e.what();
  }
  (void)exec;
}

// ------------------------------------------------------------- SpGEMM ----
template <class V>
ordo_apps::host_csr<V> spgemm_on(const ordo::cpu& exec, const ordo_apps::host_csr<V>& a,
                                 const ordo_apps::host_csr<V>& b) {
  return ordo_apps::spgemm(exec, a.view(), b.view());
}
#if defined(ORDO_HAS_CUDA)
template <class V>
ordo_apps::host_csr<V> spgemm_on(const ordo::cuda& exec, const ordo_apps::host_csr<V>& a,
                                 const ordo_apps::host_csr<V>& b) {
  const auto da = ordo_apps::to_device(a), db = ordo_apps::to_device(b);
  return ordo_apps::to_host(ordo_apps::spgemm(exec, da.view(), db.view()));
}
#endif

// Same structure exactly; values to a relative tolerance (the segmented scan
// may associate a row's sums differently from the sequential loop).
template <class V>
::testing::AssertionResult same_csr(const ordo_apps::host_csr<V>& got, const ordo_apps::host_csr<V>& want) {
  if (got.rows != want.rows || got.cols != want.cols)
    return ::testing::AssertionFailure() << "shape " << got.rows << "x" << got.cols;
  if (got.row_ptr != want.row_ptr) {
    std::size_t i = 0;
    while (i < got.row_ptr.size() && i < want.row_ptr.size() && got.row_ptr[i] == want.row_ptr[i]) ++i;
    return ::testing::AssertionFailure() << "row pointers differ first at " << i;
  }
  if (got.col != want.col) return ::testing::AssertionFailure() << "column indices differ";
  const double tol = sizeof(V) == 8 ? 1e-12 : 1e-5;
  for (std::size_t k = 0; k < got.val.size(); ++k)
    if (!(std::abs(double(got.val[k]) - double(want.val[k])) <= tol * std::abs(double(want.val[k]))))
      return ::testing::AssertionFailure() << "value " << k << ": " << got.val[k] << " vs " << want.val[k];
  return ::testing::AssertionSuccess();
}

template <class V>
ordo_apps::host_csr<V> identity_csr(std::uint32_t n) {
  ordo_apps::host_csr<V> m;
  m.rows = m.cols = n;
  m.row_ptr.resize(n + 1);
  std::iota(m.row_ptr.begin(), m.row_ptr.end(), 0u);
  m.col.resize(n);
  std::iota(m.col.begin(), m.col.end(), 0u);
  m.val.assign(n, V(1));
  return m;
}

template <class V>
ordo_apps::host_csr<V> empty_rows_csr(std::uint32_t rows, std::uint32_t cols) {
  ordo_apps::host_csr<V> m;
  m.rows = rows;
  m.cols = cols;
  m.row_ptr.assign(rows + 1, 0);
  return m;
}

template <class Exec, class V>
void check_spgemm(const Exec& exec) {
  using ordo_apps::power_law_matrix;
  struct pair_case {
    std::string name;
    ordo_apps::host_csr<V> a, b;
  };
  std::vector<pair_case> cases;
  cases.push_back({"0x0", empty_rows_csr<V>(0, 0), empty_rows_csr<V>(0, 0)});
  cases.push_back({"no nonzeros", empty_rows_csr<V>(50, 40), power_law_matrix<V>(40, 30, 1.0, 10, 1)});
  cases.push_back({"identity x A", identity_csr<V>(300), power_law_matrix<V>(300, 300, 1.0, 40, 2)});
  for (double alpha : {0.5, 1.0, 1.5}) {
    auto a = power_law_matrix<V>(1000, 1000, alpha, 100, std::uint64_t(alpha * 10));
    cases.push_back({"A^2, alpha " + std::to_string(alpha), a, a});
  }
  cases.push_back({"rectangular", power_law_matrix<V>(1000, 700, 1.0, 60, 3), power_law_matrix<V>(700, 2500, 0.8, 200, 4)});
  {
    auto a = power_law_matrix<V>(2000, 2000, 1.0, 100, 5);  // many empty rows in A
    for (std::uint32_t i = 0; i < a.rows; i += 3) {
      const std::uint32_t drop = a.row_ptr[i + 1] - a.row_ptr[i];
      a.col.erase(a.col.begin() + a.row_ptr[i], a.col.begin() + a.row_ptr[i + 1]);
      a.val.erase(a.val.begin() + a.row_ptr[i], a.val.begin() + a.row_ptr[i + 1]);
      for (std::uint32_t r = i + 1; r <= a.rows; ++r) a.row_ptr[r] -= drop;
    }
    cases.push_back({"empty rows", a, a});
  }
  cases.push_back({"one long row", power_law_matrix<V>(1, 20000, 0.0, 20000, 6), power_law_matrix<V>(20000, 5000, 1.0, 50, 7)});
  for (const auto& c : cases) {
    SCOPED_TRACE(c.name);
    EXPECT_TRUE(same_csr(spgemm_on(exec, c.a, c.b), ordo_apps::spgemm_reference(c.a.view(), c.b.view())));
  }
}

template <class Exec>
void check_spgemm_errors(const Exec& exec) {
  auto a = ordo_apps::power_law_matrix<double>(100, 80, 1.0, 20, 1);
  auto b = ordo_apps::power_law_matrix<double>(80, 60, 1.0, 20, 2);
  auto expect_error = [&](const ordo_apps::host_csr<double>& x, const ordo_apps::host_csr<double>& y,
                          const std::string& words) {
    try {
      spgemm_on(exec, x, y);
      ADD_FAILURE() << "no error; wanted one saying '" << words << "'";
    } catch (const ordo::error& e) {
      EXPECT_EQ(e.code(), ordo::errc::invalid_argument);
      EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
    }
  };
  expect_error(b, a, "B has 100 rows");
  auto bad_col = a;
  bad_col.col[7] = 80;
  expect_error(bad_col, b, "column index");
  auto descending = a;
  std::swap(descending.row_ptr[10], descending.row_ptr[11]);
  if (descending.row_ptr[10] != descending.row_ptr[11]) expect_error(descending, b, "row pointers decrease");
  auto short_ptr = a;
  short_ptr.row_ptr.pop_back();
  expect_error(short_ptr, b, "row pointers for 100 rows");
  auto wrong_end = a;
  wrong_end.row_ptr.back() -= 1;
  expect_error(wrong_end, b, "not 0 to nnz");
}

}  // namespace ordo_test
