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
  std::string rows;                // types suite: only these capabilities ("rank,merge"), empty = all
  bool wants(const char* row) const {  // is `row` among rows (or rows empty)?
    if (rows.empty()) return true;
    const std::string r = "," + rows + ",";
    return r.find("," + std::string(row) + ",") != std::string::npos;
  }
};
}  // namespace ordo_bench
