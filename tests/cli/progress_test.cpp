// The computation's progress bar (tools/ordo/compute_progress.hpp): when it
// is shown, its ETA arithmetic, its text, and that the worker's exception
// comes back unchanged.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>
#include <stdexcept>
#include <string>
#include <thread>

#include "compute_progress.hpp"
#include "ordo/error.hpp"

namespace ot = ordo::tools;

TEST(ComputeProgress, ShownOnATerminalOrWhenForcedNeverWhenQuiet) {
  EXPECT_TRUE(ot::progress_shown({false, false}, /*tty=*/true));
  EXPECT_FALSE(ot::progress_shown({false, false}, /*tty=*/false));  // piped, a log: quiet
  EXPECT_TRUE(ot::progress_shown({true, false}, false));            // --progress
  EXPECT_FALSE(ot::progress_shown({false, true}, true));            // --quiet on a terminal
}

TEST(ComputeProgress, ExtrapolatesLinearlyOrByNLogN) {
  EXPECT_DOUBLE_EQ(ot::extrapolate_seconds(0.5, 1000, 4000, ot::growth::linear), 2.0);
  // n log n: 1024x the elements and log2(2^20)/log2(2^10) = 2x the depth.
  EXPECT_DOUBLE_EQ(ot::extrapolate_seconds(1.0, 1 << 10, 1 << 20, ot::growth::n_log_n), 1024.0 * 2.0);
  EXPECT_DOUBLE_EQ(ot::extrapolate_seconds(1.0, 100, 100, ot::growth::n_log_n), 1.0);  // the whole input
  EXPECT_LT(ot::extrapolate_seconds(1.0, 0, 100, ot::growth::linear), 0);             // nothing timed
}

TEST(ComputeProgress, FitsAFixedCostAndARate) {
  // 1 s per call plus 1 s per 1000 elements: 1000 -> 2 s, 4000 -> 5 s, so 10^6 -> 1001 s
  // (the one-point extrapolation would say 1250 s).
  EXPECT_NEAR(ot::fit_seconds(2.0, 1000, 5.0, 4000, 1'000'000, ot::growth::linear), 1001.0, 1e-9);
  // n log n: t(x) = 0.5 + x log2 x / 2^20; from 2^10 and 2^12 to 2^20.
  const auto t = [](double x) { return 0.5 + x * std::log2(x) / double(1 << 20); };
  EXPECT_NEAR(ot::fit_seconds(t(1 << 10), 1 << 10, t(1 << 12), 1 << 12, 1 << 20, ot::growth::n_log_n), t(1 << 20), 1e-9);
  // Noise (the larger prefix was faster, or a negative fixed cost): the one-point rule.
  EXPECT_DOUBLE_EQ(ot::fit_seconds(3.0, 1000, 2.0, 4000, 8000, ot::growth::linear), 4.0);
  EXPECT_DOUBLE_EQ(ot::fit_seconds(0.1, 1000, 4.0, 4000, 8000, ot::growth::linear), 8.0);
}

TEST(ComputeProgress, ProbeIsAFewPercentOfTheInput) {
  EXPECT_EQ(ot::probe_size(100), 100u);                          // never more than n
  EXPECT_EQ(ot::probe_size(std::uint64_t(1) << 20), 1u << 16);   // at least 2^16
  EXPECT_EQ(ot::probe_size(std::uint64_t(1) << 24), 1u << 19);   // n / 32
  EXPECT_EQ(ot::probe_size(100'000'000), 1u << 21);              // at most 2^21 (2%)
}

TEST(ComputeProgress, EtaAndFraction) {
  ot::bar_state s{"sorting", "keys", 1000, 3.0, 12.0};
  EXPECT_DOUBLE_EQ(ot::shown_fraction(s), 0.25);
  EXPECT_DOUBLE_EQ(ot::eta_seconds(s), 9.0);
  s.elapsed = 20;  // the call outlasted the estimate: no ETA, and never 100% before the end
  EXPECT_DOUBLE_EQ(ot::shown_fraction(s), 0.99);
  EXPECT_LT(ot::eta_seconds(s), 0);
  s.estimate = -1;  // no estimate at all
  EXPECT_LT(ot::shown_fraction(s), 0);
  EXPECT_LT(ot::eta_seconds(s), 0);
}

TEST(ComputeProgress, Formatting) {
  EXPECT_EQ(ot::format_duration(3.25), "3.2s");
  EXPECT_EQ(ot::format_duration(42), "42s");
  EXPECT_EQ(ot::format_duration(65), "1m05s");
  EXPECT_EQ(ot::format_duration(2 * 3600 + 3 * 60), "2h03m");
  EXPECT_EQ(ot::format_rate(950, "keys"), "950 keys/s");
  EXPECT_EQ(ot::format_rate(12345, "keys"), "12.3 k keys/s");
  EXPECT_EQ(ot::format_rate(8.1e6, "nodes"), "8.1 M nodes/s");
  EXPECT_EQ(ot::format_rate(1.25e9, "keys"), "1.2 G keys/s");

  ot::bar_state s{"sorting 1000000 keys", "keys", 1'000'000, 1.0, 4.0};
  EXPECT_EQ(ot::format_bar(s, 8), "sorting 1000000 keys: [##      ] ~25%  ~250.0 k keys/s  ETA ~3.0s (estimate)");
  s.elapsed = 5;
  EXPECT_EQ(ot::format_bar(s, 8),
            "sorting 1000000 keys: [####### ] ~99%  ~250.0 k keys/s  5.0s elapsed, longer than estimated");
  s.estimate = -1;
  EXPECT_NE(ot::format_bar(s, 8).find("5.0s elapsed (no estimate)"), std::string::npos);
  EXPECT_NE(ot::format_bar(s, 8).find("<=>"), std::string::npos);
  s.elapsed = 2;
  EXPECT_EQ(ot::format_done(s), "sorting 1000000 keys: done in 2.0s (500.0 k keys/s)");
}

// The worker's exception arrives unchanged (type, code and message), whether
// the bar is drawn or not; the probe's failure only means no estimate.
TEST(ComputeProgress, WorkerExceptionPropagatesUnchanged) {
  ::setenv("ORDO_PROGRESS_MIN_SECONDS", "0", 1);
  for (bool shown : {false, true}) {
    ot::compute_task t{"ranking", "keys", std::uint64_t(1) << 22, ot::growth::n_log_n,
                       [](std::uint64_t) { throw ordo::error(ordo::errc::unsorted_input, "probe"); }};
    try {
      ot::run_with_progress(shown, t, [] { throw ordo::error(ordo::errc::invalid_list, "list_rank: node 3 lies on a cycle"); });
      FAIL() << "no exception";
    } catch (const ordo::error& e) {
      EXPECT_EQ(e.code(), ordo::errc::invalid_list);
      EXPECT_STREQ(e.what(), "ordo: list_rank: node 3 lies on a cycle");
    }
    EXPECT_THROW(ot::run_with_progress(shown, t, [] { throw std::bad_alloc(); }), std::bad_alloc);
  }
  ::unsetenv("ORDO_PROGRESS_MIN_SECONDS");
}

TEST(ComputeProgress, WorkRunsOnceAndOnAnotherThreadOnlyWhenShown) {
  ::setenv("ORDO_PROGRESS_MIN_SECONDS", "0", 1);
  std::atomic<int> probes{0}, runs{0};
  std::thread::id where;
  ot::compute_task t{"scanning", "values", std::uint64_t(1) << 22, ot::growth::linear,
                     [&](std::uint64_t m) {
                       // a warm-up of 4096, then the timed prefixes of n/128 and n/32
                       const std::uint64_t want[] = {4096, std::uint64_t(1) << 15, std::uint64_t(1) << 17};
                       if (probes < 3) {
                         EXPECT_EQ(m, want[probes]);
                       }
                       ++probes;
                     }};
  ot::run_with_progress(false, t, [&] { ++runs; where = std::this_thread::get_id(); });
  EXPECT_EQ(runs, 1);
  EXPECT_EQ(probes, 0);  // not shown: no probe, no thread
  EXPECT_EQ(where, std::this_thread::get_id());
  ot::run_with_progress(true, t, [&] { ++runs; where = std::this_thread::get_id(); });
  EXPECT_EQ(runs, 2);
  EXPECT_EQ(probes, 3);
  EXPECT_NE(where, std::this_thread::get_id());
  t.n = 1000;  // small: runs directly, no probe
  ot::run_with_progress(true, t, [&] { ++runs; });
  EXPECT_EQ(probes, 3);
  ::unsetenv("ORDO_PROGRESS_MIN_SECONDS");
}
