// Command-line options of ordo_bench.
#pragma once
#include <cstdint>
#include <string>

namespace ordo_bench {
struct options {
  std::string suite = "all";       // rank_sorted, rank, all
  std::string out = ".";           // directory for <capability>.json
  std::uint64_t n = 1ull << 28;    // main size
  int reps = 10;                   // timed GPU runs (median)
  int cpu_reps = 3;                // timed CPU runs (median)
  bool figures = true;             // also the paper's figure sweeps
};
}  // namespace ordo_bench
