// Host timing: the median of `reps` runs after one warm-up.
#pragma once
#include <algorithm>
#include <chrono>
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

}  // namespace ordo_bench
