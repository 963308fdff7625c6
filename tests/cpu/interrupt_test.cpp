// Interrupting CPU calls between phases (ordo/interrupt.hpp): a set flag that
// the calling thread watches stops every capability with errc::interrupted,
// an unwatched or clear flag changes nothing, and a request from another
// thread mid-call either lets the call finish correctly or stops it cleanly
// (the sanitizer build checks that nothing leaks or is touched after free).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <numeric>
#include <random>
#include <span>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "error_expect.hpp"
#include "ordo/ordo.hpp"

namespace {

std::vector<std::int32_t> random_keys(std::size_t n, std::uint32_t seed) {
  std::mt19937 gen(seed);
  std::uniform_int_distribution<std::int32_t> d(-1000, 1000);
  std::vector<std::int32_t> k(n);
  for (auto& x : k) x = d(gen);
  return k;
}

// Each capability, on n keys, with ordo::cpu{threads}.
struct calls {
  std::size_t n;
  int threads;
  std::vector<std::int32_t> keys = random_keys(n, 7);

  void sort() const {
    auto k = keys;
    ordo::sort(ordo::cpu{threads}, std::span<std::int32_t>(k));
  }
  void rank() const {
    std::vector<double> r(n);
    ordo::rank(ordo::cpu{threads}, std::span<const std::int32_t>(keys), std::span<double>(r));
  }
  void sort_idx() const {
    std::vector<std::uint32_t> perm(n);
    ordo::sort_idx(ordo::cpu{threads}, std::span<const std::int32_t>(keys), std::span<std::uint32_t>(perm));
  }
  void scan() const {
    std::vector<std::int64_t> out(n);
    ordo::scan(ordo::cpu{threads}, std::span<const std::int32_t>(keys), std::span<std::int64_t>(out));
  }
  void segmented_sort() const {
    std::vector<std::int32_t> out(n);
    ordo::segmented_sort(ordo::cpu{threads}, std::span<const std::int32_t>(keys), std::span<std::int32_t>(out),
                         ordo::fixed_length(100));
  }
  void list_rank() const {
    std::vector<std::int64_t> succ(n), r(n);
    std::iota(succ.begin(), succ.end(), std::int64_t(1));
    if (n > 0) succ.back() = -1;
    ordo::list_rank(ordo::cpu{threads}, std::span<const std::int64_t>(succ), std::span<std::int64_t>(r));
  }
};

template <class F>
void each_call(const calls& c, F&& f) {
  f("sort", [&] { c.sort(); });
  f("rank", [&] { c.rank(); });
  f("sort_idx", [&] { c.sort_idx(); });
  f("scan", [&] { c.scan(); });
  f("segmented_sort", [&] { c.segmented_sort(); });
  f("list_rank", [&] { c.list_rank(); });
}

// Small (one thread, inline loops) and large (threaded) inputs, one and two threads.
const std::pair<std::size_t, int> shapes[] = {{1000, 1}, {1000, 2}, {std::size_t(1) << 17, 1}, {std::size_t(1) << 17, 2}};

TEST(Interrupt, SetFlagStopsEveryCapability) {
  for (const auto& shape : shapes) {
    // Named copies: clang 14 cannot capture structured bindings in a lambda.
    const std::size_t n = shape.first;
    const int threads = shape.second;
    const calls c{n, threads};
    ordo::interrupt_flag flag;
    flag.request();
    ordo::interrupt_scope watch(flag);
    each_call(c, [&](const char* name, auto&& call) {
      SCOPED_TRACE(::testing::Message() << name << " n=" << n << " threads=" << threads);
      std::string msg;
      EXPECT_TRUE(ordo_test::throws_ordo_error(call, ordo::errc::interrupted, &msg));
      EXPECT_NE(msg.find("interrupted"), std::string::npos) << msg;
    });
  }
}

TEST(Interrupt, ClearOrUnwatchedFlagChangesNothing) {
  for (auto [n, threads] : shapes) {
    const calls c{n, threads};
    ordo::interrupt_flag clear, set;
    set.request();
    {
      ordo::interrupt_scope watch(clear);
      each_call(c, [&](const char* name, auto&& call) { EXPECT_NO_THROW(call()) << name; });
    }
    {
      ordo::interrupt_scope watch(set);
      set.clear();
      each_call(c, [&](const char* name, auto&& call) { EXPECT_NO_THROW(call()) << name; });
    }
    set.request();  // the scope has ended: nothing watches it
    each_call(c, [&](const char* name, auto&& call) { EXPECT_NO_THROW(call()) << name; });
  }
}

TEST(Interrupt, ScopesNestAndRestore) {
  ordo::interrupt_flag outer, inner;
  outer.request();
  const calls c{1000, 1};
  ordo::interrupt_scope a(outer);
  {
    ordo::interrupt_scope b(inner);
    EXPECT_NO_THROW(c.sort());
  }
  EXPECT_ORDO_ERROR(c.sort(), ordo::errc::interrupted);
}

TEST(Interrupt, OtherThreadsDoNotWatchThisThreadsFlag) {
  ordo::interrupt_flag flag;
  flag.request();
  ordo::interrupt_scope watch(flag);
  const calls c{std::size_t(1) << 16, 2};
  std::thread t([&] { EXPECT_NO_THROW(c.sort()); });
  t.join();
}

// A request from another thread while a long call runs: it either finishes
// with the right result or stops with errc::interrupted (outputs unspecified).
TEST(Interrupt, RequestDuringACallFinishesOrStops) {
  const std::size_t n = std::size_t(1) << 22;
  const auto input = random_keys(n, 11);
  auto sorted = input;
  std::sort(sorted.begin(), sorted.end());
  for (int delay_us : {0, 200, 2000, 20000}) {
    auto k = input;
    ordo::interrupt_flag flag;
    std::atomic<bool> started{false};
    std::thread stopper([&] {
      while (!started.load()) std::this_thread::yield();
      std::this_thread::sleep_for(std::chrono::microseconds(delay_us));
      flag.request();
    });
    bool interrupted = false;
    {
      ordo::interrupt_scope watch(flag);
      started = true;
      try {
        ordo::sort(ordo::cpu{2}, std::span<std::int32_t>(k));
      } catch (const ordo::error& e) {
        EXPECT_EQ(e.code(), ordo::errc::interrupted) << e.what();
        interrupted = true;
      }
    }
    stopper.join();
    if (!interrupted) {
      EXPECT_EQ(k, sorted) << "delay " << delay_us << " us";
    }
  }
}

}  // namespace
