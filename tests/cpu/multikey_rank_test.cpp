// ordo::rank over key columns on the CPU, element by element against the
// tuple reference (common/multikey_rank_cases.hpp): 1 to 8 columns of five
// types with many whole-row ties, NaN, -0.0/+0.0, +-inf and integer
// extremes; every method, direction, na_option and pct; every rank type;
// n = 0, 1, small, and past the parallel threshold (2^15). One column equals
// rank() of it and the pandas-checked reference. Argument errors.
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include <gtest/gtest.h>

#include "common/multikey_rank_cases.hpp"
#include "common/reference.hpp"
#include "cpu/cpu_cases.hpp"
#include "cpu/error_expect.hpp"
#include "ordo/multikey_rank.hpp"

namespace ordo_test {
namespace {

template <class R>
std::vector<R> cpu_multikey_rank(const ordo::cpu& exec, const std::vector<ordo::sort_key>& cols, std::size_t n,
                                 const ordo::rank_options& o) {
  std::vector<R> r(n, R(-3));  // no method gives -3 (or its unsigned wrap): unwritten ranks show
  ordo::rank(exec, std::span<const ordo::sort_key>(cols), std::span<R>(r), o);
  return r;
}

std::vector<ordo::sort_key> keys_of(const multikey_case& k, const multikey_spec& s) {
  return multikey_keys(s, k.a, k.b, k.c, k.d, k.e);
}

template <class R>
void expect_matches(const ordo::cpu& exec, const multikey_case& k, const multikey_spec& s, const ordo::rank_options& o) {
  const std::size_t n = k.a.size();
  const std::vector<double> want = multikey_want(k, s, o);
  const std::vector<R> got = cpu_multikey_rank<R>(exec, keys_of(k, s), n, o);
  const std::size_t i = first_difference(got, want);
  ASSERT_EQ(i, n) << "n=" << n << " columns " << spec_name(s) << " " << options_name(o) << " " << exec_name(exec)
                  << ": row " << i << " got " << double(got[i]) << " want " << want[i];
}

TEST(MultikeyRank, EveryOptionSmall) {
  std::size_t point = 0;
  for (std::size_t n : {0, 1, 2, 17, 1000}) {
    const multikey_case k = make_multikey_case(n, 100 + n);
    for (const multikey_spec& s : multikey_specs())
      for (const ordo::rank_options& o : multikey_option_grid())
        for (const ordo::cpu& exec : rank_execs_at(point++)) expect_matches<double>(exec, k, s, o);
  }
}

// Past sched::serial_below, so the sort, the flags, the scans and the rank
// loop run threaded; each method and na_option at least once per column set.
TEST(MultikeyRank, ParallelSizes) {
  const std::vector<ordo::rank_options> grid = multikey_option_grid();
  std::size_t point = 0;
  for (std::size_t n : {std::size_t(1) << 15, std::size_t(100003)}) {
    const multikey_case k = make_multikey_case(n, 7 + n);
    for (const multikey_spec& s : multikey_specs())
      for (std::size_t j = 0; j < 7; ++j) {
        const ordo::rank_options& o = grid[(point * 13 + j * 17) % grid.size()];
        for (const ordo::cpu& exec : {ordo::cpu{4}, ordo::cpu{}}) expect_matches<double>(exec, k, s, o);
        ++point;
      }
  }
}

TEST(MultikeyRank, EveryRankType) {
  const multikey_case k = make_multikey_case(3000, 5);
  for (const multikey_spec& s : multikey_specs())
    for (const ordo::rank_options& o : multikey_option_grid()) {
      expect_matches<float>(ordo::cpu{1}, k, s, o);
      if (o.method != ordo::rank_method::average && !o.pct) {
        expect_matches<std::uint32_t>(ordo::cpu{1}, k, s, o);
        expect_matches<std::uint64_t>(ordo::cpu{1}, k, s, o);
      }
    }
}

// One column is rank() of it, and pandas' answer (reference_rank is checked
// against pandas by the golden test), for every key type the case holds.
TEST(MultikeyRank, OneColumnIsRank) {
  for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(999), std::size_t(40000)}) {
    const multikey_case k = make_multikey_case(n, 11 + n);
    for (int which = 0; which < 5; ++which) {
      const multikey_spec s{{which}, {false}};
      const auto cols = keys_of(k, s);
      for (const ordo::rank_options& o : multikey_option_grid()) {
        const ordo::cpu exec = n > 30000 ? ordo::cpu{} : ordo::cpu{1};
        const std::vector<double> got = cpu_multikey_rank<double>(exec, cols, n, o);
        std::vector<double> single(n), want;
        switch (which) {
          case 0: ordo::rank(exec, std::span<const std::int32_t>(k.a), std::span<double>(single), o); want = reference_rank(k.a, o); break;
          case 1: ordo::rank(exec, std::span<const double>(k.b), std::span<double>(single), o); want = reference_rank(k.b, o); break;
          case 2: ordo::rank(exec, std::span<const std::uint64_t>(k.c), std::span<double>(single), o); want = reference_rank(k.c, o); break;
          case 3: ordo::rank(exec, std::span<const float>(k.d), std::span<double>(single), o); want = reference_rank(k.d, o); break;
          default: ordo::rank(exec, std::span<const std::int64_t>(k.e), std::span<double>(single), o); want = reference_rank(k.e, o); break;
        }
        std::size_t i = first_difference(got, want);
        ASSERT_EQ(i, n) << "n=" << n << " column " << spec_name(s) << " " << options_name(o) << ": row " << i
                        << " got " << got[i] << " want (pandas) " << want[i];
        i = first_difference(got, single);
        ASSERT_EQ(i, n) << "n=" << n << " column " << spec_name(s) << " " << options_name(o) << ": row " << i
                        << " got " << got[i] << " rank() " << single[i];
      }
    }
  }
}

// A column made descending ranks ascending under ascending=false: the two flips cancel.
TEST(MultikeyRank, AscendingFalseReversesEveryColumn) {
  const multikey_case k = make_multikey_case(500, 3);
  const multikey_spec s{{0, 1}, {true, false}}, flipped{{0, 1}, {false, true}};
  ordo::rank_options o, asc;
  o.ascending = false;
  o.na = asc.na = ordo::na_option::bottom;
  EXPECT_EQ(cpu_multikey_rank<double>(ordo::cpu{1}, keys_of(k, s), 500, o),
            cpu_multikey_rank<double>(ordo::cpu{1}, keys_of(k, flipped), 500, asc));
}

TEST(MultikeyRank, HeaderExample) {
  std::vector<int> team = {2, 1, 2, 1, 2};
  std::vector<double> score = {0.5, 0.7, 0.9, 0.1, 0.5};
  std::vector<double> r(5);
  const ordo::sort_key cols[] = {ordo::make_sort_key(std::span<const int>(team)),
                                 ordo::make_sort_key(std::span<const double>(score), true)};
  ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(cols), std::span<double>(r));
  EXPECT_EQ(r, (std::vector<double>{4.5, 1, 3, 2, 4.5}));
}

// NaN semantics, spelled out: under keep a NaN in any column leaves the row
// unranked; top/bottom put NaN before/after the numbers of each column.
TEST(MultikeyRank, NanRows) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<int> g = {1, 1, 1, 2, 2};
  std::vector<double> x = {nan, 5, 3, nan, 1};
  std::vector<ordo::sort_key> cols = {ordo::make_sort_key(std::span<const int>(g)),
                                      ordo::make_sort_key(std::span<const double>(x))};
  std::vector<double> r(5);
  ordo::rank_options o;
  o.method = ordo::rank_method::min;
  ordo::rank(ordo::cpu{}, std::span<ordo::sort_key>(cols), std::span<double>(r), o);  // the mutable-span overload
  EXPECT_TRUE(std::isnan(r[0]) && std::isnan(r[3]));
  EXPECT_EQ(r[1], 2);
  EXPECT_EQ(r[2], 1);
  EXPECT_EQ(r[4], 3);
  o.na = ordo::na_option::top;
  ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(cols), std::span<double>(r), o);
  EXPECT_EQ(r, (std::vector<double>{1, 3, 2, 4, 5}));
  o.na = ordo::na_option::bottom;
  o.pct = true;
  ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(cols), std::span<double>(r), o);
  EXPECT_EQ(r, (std::vector<double>{0.6, 0.4, 0.2, 1.0, 0.8}));
}

TEST(MultikeyRank, Errors) {
  std::vector<int> a(5), b(4);
  std::vector<double> r(5);
  std::vector<std::uint32_t> ru(5);
  const auto ranks = std::span<double>(r);
  const ordo::sort_key one[] = {ordo::make_sort_key(std::span<const int>(a))};
  const ordo::sort_key two[] = {ordo::make_sort_key(std::span<const int>(a)), ordo::make_sort_key(std::span<const int>(b))};
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(two), ranks), ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(), ranks), ordo::errc::invalid_argument);
  std::vector<ordo::sort_key> nine(9, one[0]);
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(nine), ranks), ordo::errc::invalid_argument);
  std::vector<double> r4(4);
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(one), std::span<double>(r4)),
                    ordo::errc::invalid_argument);
  ordo::sort_key bad_type = one[0];
  bad_type.type = 200;
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(&bad_type, 1), ranks),
                    ordo::errc::invalid_argument);
  const ordo::sort_key no_data{nullptr, 5};
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(&no_data, 1), ranks),
                    ordo::errc::invalid_argument);
  // average (the default) and pct give fractions: refused for integer ranks
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(one), std::span<std::uint32_t>(ru)),
                    ordo::errc::invalid_argument);
  ordo::rank_options o;
  o.method = ordo::rank_method::min;
  o.pct = true;
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(one), std::span<std::uint32_t>(ru), o),
                    ordo::errc::invalid_argument);
  ordo::rank_options v;
  v.variant = ordo::rank_unsorted_variant::msd_replay;
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cpu{}, std::span<const ordo::sort_key>(one), ranks, v),
                    ordo::errc::invalid_argument);
  // Errors on the GPU too, before anything runs (here without a device).
  EXPECT_ORDO_ERROR(ordo::rank(ordo::cuda{}, std::span<const ordo::sort_key>(two), ranks), ordo::errc::invalid_argument);
}

}  // namespace
}  // namespace ordo_test
