// Host timing: the median of `reps` runs after one warm-up.
#pragma once
#include <algorithm>
#include <chrono>
#include <utility>
#include <vector>

namespace ordo_bench {

template <class F>
double median_ms_host(F&& run, int reps) {
  run();
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    auto a = std::chrono::steady_clock::now();
    run();
    auto b = std::chrono::steady_clock::now();
    t.push_back(std::chrono::duration<double, std::milli>(b - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Two host runs timed in alternation (a, b, a, b, ...), medians of each: a
// shared host drifts in speed over seconds, and alternating puts the
// two sides of a ratio under the same drift.
template <class A, class B>
std::pair<double, double> median_ms_host_alternating(A&& a, B&& b, int reps) {
  a();
  b();
  std::vector<double> ta, tb;
  auto time = [](auto& run) {
    auto s = std::chrono::steady_clock::now();
    run();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - s).count();
  };
  for (int i = 0; i < reps; ++i) {
    ta.push_back(time(a));
    tb.push_back(time(b));
  }
  std::sort(ta.begin(), ta.end());
  std::sort(tb.begin(), tb.end());
  return {ta[ta.size() / 2], tb[tb.size() / 2]};
}

}  // namespace ordo_bench
