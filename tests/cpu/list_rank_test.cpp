// list_rank and list_scan on the CPU against the independent reference
// (tests/common/list_reference.hpp), every variant, index and rank type.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "error_expect.hpp"
#include "common/guarded.hpp"
#include "common/list_cases.hpp"
#include "common/list_reference.hpp"
#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"

namespace {

using namespace ordo_test;

struct cpu_setup {
  const char* name;
  ordo::cpu exec;
  ordo::list_options opts;
};

std::vector<cpu_setup> setups() {
  using ordo::cpu_list_variant;
  std::vector<cpu_setup> s;
  s.push_back({"sequential", ordo::cpu{1}, {.variant = cpu_list_variant::sequential}});
  s.push_back({"auto_4", ordo::cpu{4}, {}});
  s.push_back({"hj_default", ordo::cpu{4}, {.variant = cpu_list_variant::helman_jaja}});
  // Tiny strides and cutoff: several levels of recursion even on small lists.
  s.push_back({"hj_deep", ordo::cpu{3},
               {.variant = cpu_list_variant::helman_jaja, .splitter_stride = 4, .deep_stride = 2, .cutoff = 3}});
  s.push_back({"hj_equidistant", ordo::cpu{2},
               {.variant = cpu_list_variant::helman_jaja, .splitter_stride = 8, .cutoff = 10, .equidistant_splitters = true}});
  s.push_back({"hj_one_thread", ordo::cpu{1}, {.variant = cpu_list_variant::helman_jaja, .splitter_stride = 16}});
  return s;
}

template <class Index, class Rank>
void check_rank(const list_case& c, const cpu_setup& s, bool validate) {
  const auto succ = as_index<Index>(c.succ);
  const auto want = reference_list_rank(succ);
  std::vector<Rank> got(succ.size(), Rank(77));
  auto o = s.opts;
  o.validate = validate;
  ordo::list_rank(s.exec, std::span<const Index>(succ), std::span<Rank>(got), o);
  for (std::size_t i = 0; i < succ.size(); ++i)
    ASSERT_EQ(std::uint64_t(got[i]), want[i]) << c.name << " " << s.name << " node " << i;
}

TEST(ListRankCpu, EveryCaseEverySetup) {
  for (const auto& c : list_cases())
    for (const auto& s : setups()) {
      check_rank<std::int32_t, std::uint32_t>(c, s, true);
      check_rank<std::uint64_t, std::int64_t>(c, s, false);
    }
}

TEST(ListRankCpu, AllIndexAndRankTypes) {
  const auto c = list_case{"random", ordo::gen::random_list<std::uint64_t>(3000, 11)};
  const cpu_setup s{"hj", ordo::cpu{2}, {.variant = ordo::cpu_list_variant::helman_jaja, .splitter_stride = 16}};
  for_each_index_rank([&]<class Index, class Rank>() { check_rank<Index, Rank>(c, s, true); });
}

template <class T, class Op>
void check_scan(const list_case& c, const cpu_setup& s, Op op) {
  const auto succ = as_index<std::uint32_t>(c.succ);
  const auto v = scan_values<T>(succ.size(), succ.size() + 3);
  const auto want = reference_list_scan(succ, v, op);
  std::vector<T> got(succ.size());
  auto o = s.opts;
  o.validate = true;
  ordo::list_scan(s.exec, std::span<const std::uint32_t>(succ), std::span<const T>(v), std::span<T>(got), op, o);
  for (std::size_t i = 0; i < succ.size(); ++i)
    ASSERT_EQ(got[i], want[i]) << c.name << " " << s.name << " " << ordo::op_name(op) << " node " << i;
}

TEST(ListScanCpu, OperatorsAndTypes) {
  for (const auto& c : list_cases(false))
    for (const auto& s : setups())
      for_each_scan_type_and_op([&](auto t, auto op) { check_scan<decltype(t)>(c, s, op); });
}

TEST(ListRankCpu, BadInputIsReportedWithTheFirstOffendingNode) {
  for (const auto& c : bad_list_cases())
    for (const auto& s : setups())
      for (bool single : {false, true}) {
        const auto succ = as_index<std::int64_t>(c.succ);
        const auto want = reference_fault(succ, single);
        auto o = s.opts;
        o.validate = true;
        o.shape = single ? ordo::list_shape::single : ordo::list_shape::forest;
        std::vector<std::int64_t> r(succ.size());
        if (!want) {
          ordo::list_rank(s.exec, std::span<const std::int64_t>(succ), std::span<std::int64_t>(r), o);
          continue;
        }
        std::string msg;
        EXPECT_TRUE(throws_ordo_error(
            [&] { ordo::list_rank(s.exec, std::span<const std::int64_t>(succ), std::span<std::int64_t>(r), o); },
            ordo::errc::invalid_list, &msg))
            << c.name << " " << s.name;
        EXPECT_NE(msg.find(*want), std::string::npos) << c.name << " " << s.name << ": got '" << msg << "', want '" << *want << "'";
      }
}

// validate = false (list_rank.hpp): bad input gives unspecified ranks, but the
// call returns without throwing and writes nothing outside the output. A case
// that is bad only as a single list (two_lists) is a good forest: right ranks.
TEST(ListRankCpu, BadInputWithoutValidationTerminates) {
  for (const auto& c : bad_list_cases())
    for (const auto& s : setups()) {
      SCOPED_TRACE(c.name + " " + s.name);
      const auto succ = as_index<std::uint32_t>(c.succ);
      guarded<std::uint32_t> r(succ.size(), 0xDEADBEEFu);
      EXPECT_NO_THROW(ordo::list_rank(s.exec, std::span<const std::uint32_t>(succ), r.span(), s.opts));
      EXPECT_TRUE(r.intact()) << "wrote outside the output";
      if (!reference_fault(succ, false)) {
        EXPECT_TRUE(std::equal(r.span().begin(), r.span().end(), reference_list_rank(succ).begin()));
      }
    }
}

TEST(ListRankCpu, ArgumentErrors) {
  std::vector<std::uint32_t> succ = {1, ordo::list_end<std::uint32_t>}, r(3);
  EXPECT_ORDO_ERROR(ordo::list_rank(ordo::cpu{}, std::span(succ), std::span(r)), ordo::errc::invalid_argument);
  r.resize(2);
  std::vector<double> v(3), out(2);
  EXPECT_ORDO_ERROR(ordo::list_scan(ordo::cpu{}, std::span<const std::uint32_t>(succ), std::span<const double>(v),
                                    std::span(out)),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::list_rank(ordo::cpu{}, std::span(succ), std::span(r), {.splitter_stride = 12}),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::list_rank(ordo::cpu{}, std::span(succ), std::span(r), {.variant = ordo::gpu_list_variant::rhj}),
                    ordo::errc::not_supported);
  EXPECT_ORDO_ERROR(ordo::parse_list_variant("bogus"), ordo::errc::invalid_argument);
  EXPECT_EQ(ordo::parse_list_variant("rhj"), ordo::gpu_list_variant::rhj);
  EXPECT_ORDO_ERROR(ordo::parse_list_runs("sometimes"), ordo::errc::invalid_argument);
  for (auto r : {ordo::list_runs::detect, ordo::list_runs::contract, ordo::list_runs::keep})
    EXPECT_EQ(ordo::parse_list_runs(ordo::to_string(r)), r);
}

TEST(ListGen, ShapesAndDeterminism) {
  const auto a = ordo::gen::random_list<std::uint32_t>(1000, 5);
  EXPECT_EQ(a, ordo::gen::random_list<std::uint32_t>(1000, 5));
  EXPECT_NE(a, ordo::gen::random_list<std::uint32_t>(1000, 6));
  EXPECT_FALSE(reference_fault(a, true).has_value());
  const auto r = reference_list_rank(a);
  std::vector<char> seen(1000, 0);
  for (auto x : r) seen.at(x) = 1;  // ranks are a permutation of 0..n-1
  for (char s : seen) EXPECT_TRUE(s);
  const auto f = ordo::gen::random_forest<std::int64_t>(1000, 7, 1);
  EXPECT_FALSE(reference_fault(f, false).has_value());
  EXPECT_TRUE(reference_fault(f, true).has_value());
  std::size_t tails = 0;
  for (auto s : f) tails += s == -1;
  EXPECT_EQ(tails, 7u);
  const auto o = ordo::gen::ordered_list<std::int32_t>(4);
  EXPECT_EQ(o, (std::vector<std::int32_t>{1, 2, 3, -1}));
  EXPECT_ORDO_ERROR(ordo::gen::random_forest<std::uint32_t>(10, 11, 1), ordo::errc::invalid_argument);
}

}  // namespace
