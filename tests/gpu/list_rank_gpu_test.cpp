// list_rank and list_scan on the GPU against the independent reference, for
// every variant and its tuning extremes, element by element; bad input
// reported with the same message as the CPU gives. The *Small* tests are the
// compute-sanitizer subset.
#include <gtest/gtest.h>

#include <string>

#include "common/list_cases.hpp"
#include "common/list_reference.hpp"
#include "cpu/error_expect.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"

namespace {

using namespace ordo_test;
using ordo::cpu_list_variant;
using ordo::gpu_list_variant;

struct gpu_setup {
  const char* name;
  ordo::list_options opts;
  std::size_t max_n = ~std::size_t(0);
};

std::vector<gpu_setup> setups() {
  std::vector<gpu_setup> s;
  s.push_back({"auto", {}});
  s.push_back({"rhj", {.variant = gpu_list_variant::rhj}});
  // Tiny strides and cutoff: many levels, several walks per thread.
  s.push_back({"rhj_deep", {.variant = gpu_list_variant::rhj, .splitter_stride = 2, .deep_stride = 4, .cutoff = 5}});
  s.push_back({"rhj_wyllie_base", {.variant = gpu_list_variant::rhj, .cutoff = 3000, .base = ordo::list_base::wyllie}});
  s.push_back({"rhj_equidistant", {.variant = gpu_list_variant::rhj, .splitter_stride = 64, .cutoff = 100,
                                   .equidistant_splitters = true}});
  s.push_back({"wyllie", {.variant = gpu_list_variant::wyllie}});
  s.push_back({"single_block", {.variant = gpu_list_variant::single_block}, 16384});
  // Run contraction, then each algorithm on the list of runs.
  s.push_back({"runs", {.runs = ordo::list_runs::contract}});
  s.push_back({"runs_rhj_deep", {.variant = gpu_list_variant::rhj, .splitter_stride = 2, .deep_stride = 4, .cutoff = 5,
                                 .runs = ordo::list_runs::contract}});
  s.push_back({"runs_wyllie", {.variant = gpu_list_variant::wyllie, .runs = ordo::list_runs::contract}});
  s.push_back({"runs_single_block", {.variant = gpu_list_variant::single_block, .runs = ordo::list_runs::contract}, 16384});
  s.push_back({"rhj_keep_runs", {.variant = gpu_list_variant::rhj, .runs = ordo::list_runs::keep}});
  return s;
}

template <class Out, class Index, class Fn>
std::vector<Out> on_gpu(const std::vector<Index>& succ, Fn&& fn) {
  ordo::device_buffer<Index> d_succ(std::span<const Index>(succ.data(), succ.size()));
  std::vector<Out> out(succ.size(), gpu_poison<Out>());
  ordo::device_buffer<Out> d_out(std::span<const Out>(out.data(), out.size()));
  fn(std::span<const Index>(d_succ.data(), succ.size()), std::span<Out>(d_out.data(), out.size()));
  ordo::detail::device_synchronize();
  d_out.download(out);
  return out;
}

template <class Index, class Rank>
void check_rank(const list_case& c, const gpu_setup& s, bool validate) {
  if (c.succ.size() > s.max_n) return;
  const auto succ = as_index<Index>(c.succ);
  const auto want = reference_list_rank(succ);
  auto o = s.opts;
  o.validate = validate;
  const auto got = on_gpu<Rank>(succ, [&](auto d_succ, auto d_out) { ordo::list_rank(ordo::cuda{}, d_succ, d_out, o); });
  for (std::size_t i = 0; i < succ.size(); ++i)
    ASSERT_EQ(std::uint64_t(got[i]), want[i]) << c.name << " " << s.name << " node " << i;
}

template <class T, class Op>
void check_scan(const list_case& c, const gpu_setup& s, Op op, bool validate = true) {
  if (c.succ.size() > s.max_n) return;
  const auto succ = as_index<std::uint32_t>(c.succ);
  const auto v = scan_values<T>(succ.size(), succ.size() + 3);
  const auto want = reference_list_scan(succ, v, op);
  ordo::device_buffer<T> d_v(std::span<const T>(v.data(), v.size()));
  auto o = s.opts;
  o.validate = validate;
  const auto got = on_gpu<T>(succ, [&](auto d_succ, auto d_out) {
    ordo::list_scan(ordo::cuda{}, d_succ, std::span<const T>(d_v.data(), v.size()), d_out, op, o);
  });
  for (std::size_t i = 0; i < succ.size(); ++i)
    ASSERT_EQ(got[i], want[i]) << c.name << " " << s.name << " " << ordo::op_name(op) << " node " << i;
}

TEST(ListRankGpu, EveryCaseEverySetup) {
  ORDO_REQUIRE_GPU();
  for (const auto& c : list_cases())
    for (const auto& s : setups()) {
      check_rank<std::int32_t, std::uint32_t>(c, s, true);
      check_rank<std::uint64_t, std::int64_t>(c, s, false);
    }
}

TEST(ListRankGpu, AllIndexAndRankTypes) {
  ORDO_REQUIRE_GPU();
  const list_case c{"random", ordo::gen::random_list<std::uint64_t>(70000, 11)};
  const gpu_setup s{"rhj", {.variant = gpu_list_variant::rhj, .splitter_stride = 16}};
  for_each_index_rank([&]<class Index, class Rank>() { check_rank<Index, Rank>(c, s, true); });
}

TEST(ListRankGpu, LargeRandomOrderedAndForest) {
  ORDO_REQUIRE_GPU();
  const std::size_t n = std::size_t(1) << 22;
  const list_case cases[] = {{"random_4M", ordo::gen::random_list<std::uint64_t>(n, 1)},
                             {"ordered_4M", ordo::gen::ordered_list<std::uint64_t>(n)},
                             {"runs_4M", runs_list(n, 40, 1, 9)},
                             {"ordered_lists_4M", runs_list(n, 5000, n, 10)},
                             {"forest_4M", ordo::gen::random_forest<std::uint64_t>(n, n / 64, 2)}};
  for (const auto& c : cases)
    for (const auto& s : {gpu_setup{"auto", {}}, gpu_setup{"wyllie", {.variant = gpu_list_variant::wyllie}},
                          gpu_setup{"rhj_keep_runs", {.variant = gpu_list_variant::rhj, .runs = ordo::list_runs::keep}}})
      check_rank<std::uint32_t, std::uint32_t>(c, s, true);
}

TEST(ListScanGpu, OperatorsAndTypes) {
  ORDO_REQUIRE_GPU();
  for (const auto& c : list_cases(false))
    for (const auto& s : setups())
      for_each_scan_type_and_op([&](auto t, auto op) { check_scan<decltype(t)>(c, s, op); });
}

// Without validation RHJ's first level claims nodes: 8-byte values take the
// 16-byte-record path (claim the sublist field, then store the value).
TEST(ListScanGpu, UnvalidatedClaimsWithWideValues) {
  ORDO_REQUIRE_GPU();
  for (const auto& c : list_cases(false))
    for (const auto& s : setups()) {
      check_scan<double>(c, s, ordo::plus{}, false);
      check_scan<std::int64_t>(c, s, ordo::minimum{}, false);
      check_scan<std::int32_t>(c, s, ordo::maximum{}, false);
    }
}

template <class Index>
void check_bad_inputs(const std::vector<gpu_setup>& ss) {
  for (const auto& c : bad_list_cases())
    for (const auto& s : ss)
      for (bool single : {false, true}) {
        if (c.succ.size() > s.max_n) continue;
        const auto succ = as_index<Index>(c.succ);
        const auto want = reference_fault(succ, single);
        auto o = s.opts;
        o.validate = true;
        o.shape = single ? ordo::list_shape::single : ordo::list_shape::forest;
        std::string msg;
        auto call = [&] {
          on_gpu<Index>(succ, [&](auto d_succ, auto d_out) { ordo::list_rank(ordo::cuda{}, d_succ, d_out, o); });
        };
        if (!want) {
          call();
          continue;
        }
        EXPECT_TRUE(throws_ordo_error(call, ordo::errc::invalid_list, &msg)) << c.name << " " << s.name;
        EXPECT_NE(msg.find(*want), std::string::npos)
            << c.name << " " << s.name << ": got '" << msg << "', want '" << *want << "'";
        // Without validation: it terminates and stays in bounds.
        o.validate = false;
        call();
      }
}

TEST(ListRankGpu, BadInputIsReportedWithTheFirstOffendingNode) {
  ORDO_REQUIRE_GPU();
  check_bad_inputs<std::int64_t>(setups());
  check_bad_inputs<std::uint32_t>(setups());
}

TEST(ListRankGpu, ArgumentErrors) {
  ORDO_REQUIRE_GPU();
  std::vector<std::uint32_t> succ(20000, ordo::list_end<std::uint32_t>);
  ordo::device_buffer<std::uint32_t> d(std::span<const std::uint32_t>(succ.data(), succ.size())), r(20000), r2(3);
  EXPECT_ORDO_ERROR(ordo::list_rank(ordo::cuda{}, d.span(), r2.span()), ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::list_rank(ordo::cuda{}, d.span(), r.span(), {.variant = gpu_list_variant::single_block}),
                    ordo::errc::invalid_argument);
  EXPECT_ORDO_ERROR(ordo::list_rank(ordo::cuda{}, d.span(), r.span(), {.variant = cpu_list_variant::helman_jaja}),
                    ordo::errc::not_supported);
  EXPECT_ORDO_ERROR(ordo::list_rank(ordo::cuda{}, d.span(), r.span(), {.deep_stride = 3}),
                    ordo::errc::invalid_argument);
}

// The compute-sanitizer subset: small lists, every variant, scans and faults.
TEST(ListRankGpuSmall, Variants) {
  ORDO_REQUIRE_GPU();
  std::vector<list_case> cases;
  for (std::size_t n : {0, 1, 2, 33, 1000, 5000})
    cases.push_back({"random_" + std::to_string(n), ordo::gen::random_list<std::uint64_t>(n, n)});
  cases.push_back({"forest", ordo::gen::random_forest<std::uint64_t>(3000, 300, 1)});
  cases.push_back({"runs", runs_list(3000, 30, 3, 2)});
  for (const auto& c : cases)
    for (const auto& s : setups()) {
      check_rank<std::uint32_t, std::uint32_t>(c, s, true);
      check_rank<std::uint64_t, std::uint64_t>(c, s, false);
      check_scan<double>(c, s, ordo::plus{});
      check_scan<std::uint64_t>(c, s, ordo::plus{}, false);
    }
}

TEST(ListRankGpuSmall, BadInputs) {
  ORDO_REQUIRE_GPU();
  check_bad_inputs<std::uint32_t>({{"rhj_deep", {.variant = gpu_list_variant::rhj, .splitter_stride = 2, .deep_stride = 4, .cutoff = 5}},
                                   {"wyllie", {.variant = gpu_list_variant::wyllie}},
                                   {"single_block", {.variant = gpu_list_variant::single_block}, 16384},
                                   {"runs", {.runs = ordo::list_runs::contract}}});
}

}  // namespace
