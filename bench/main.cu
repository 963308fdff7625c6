// ordo_bench: runs ordo and its baselines side by side and writes one JSON
// file per capability (bench-protocol.md).
//   ordo_bench [--suite rank_sorted|rank|list_rank|primitives|segsort|rough_sort|narrow_keys|suffix_array|spgemm|apps|grouped|types|all] [--out DIR] [--n N | --log2n K]
//              [--reps R] [--cpu-reps R] [--no-figures]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <string>

#include "common/options.hpp"
#include "ordo/error.hpp"

namespace ordo_bench {
void run_rank_sorted(const options&);
void run_rank(const options&);
void run_list_rank(const options&);
void run_list_rank_probe(const options&);
void run_primitives(const options&);
void run_primitives_probe(const options&);
void run_segsort(const options&);
void run_rough_sort(const options&);
void run_narrow_keys(const options&);
void run_suffix_array(const options&);
void run_spgemm(const options&);
void run_grouped(const options&);
void run_types(const options&);
}  // namespace ordo_bench

int main(int argc, char** argv) {
  ordo_bench::options opt;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> const char* {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "ordo_bench: %s needs a value\n", a.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (a == "--suite") opt.suite = next();
    else if (a == "--out") opt.out = next();
    else if (a == "--n") opt.n = std::strtoull(next(), nullptr, 10);
    else if (a == "--log2n") opt.n = 1ull << std::atoi(next());
    else if (a == "--reps") opt.reps = std::atoi(next());
    else if (a == "--cpu-reps") opt.cpu_reps = std::atoi(next());
    else if (a == "--no-figures") opt.figures = false;
    else if (a == "--rows") opt.rows = next();
    else {
      std::fprintf(stderr, "ordo_bench: unknown option %s\n", a.c_str());
      return 2;
    }
  }
  try {
    static const char* const suites[] = {"rank_sorted", "rank",     "list_rank",    "list_rank_probe", "primitives",
                                         "primitives_probe", "segsort", "rough_sort", "narrow_keys", "suffix_array", "spgemm",
                                         "apps",        "grouped",    "types",      "all"};
    if (std::find(std::begin(suites), std::end(suites), opt.suite) == std::end(suites)) {
      std::fprintf(stderr, "ordo_bench: unknown suite %s\n", opt.suite.c_str());
      return 2;
    }
    if (opt.suite == "rank_sorted" || opt.suite == "all") ordo_bench::run_rank_sorted(opt);
    if (opt.suite == "rank" || opt.suite == "all") ordo_bench::run_rank(opt);
    if (opt.suite == "list_rank" || opt.suite == "all") ordo_bench::run_list_rank(opt);
    if (opt.suite == "list_rank_probe") ordo_bench::run_list_rank_probe(opt);
    if (opt.suite == "primitives" || opt.suite == "all") ordo_bench::run_primitives(opt);
    if (opt.suite == "primitives_probe") ordo_bench::run_primitives_probe(opt);
    if (opt.suite == "segsort" || opt.suite == "all") ordo_bench::run_segsort(opt);
    if (opt.suite == "rough_sort" || opt.suite == "all") ordo_bench::run_rough_sort(opt);
    if (opt.suite == "narrow_keys" || opt.suite == "all") ordo_bench::run_narrow_keys(opt);
    if (opt.suite == "suffix_array" || opt.suite == "apps" || opt.suite == "all") ordo_bench::run_suffix_array(opt);
    if (opt.suite == "spgemm" || opt.suite == "apps" || opt.suite == "all") ordo_bench::run_spgemm(opt);
    if (opt.suite == "grouped" || opt.suite == "all") ordo_bench::run_grouped(opt);
    if (opt.suite == "types" || opt.suite == "all") ordo_bench::run_types(opt);
  } catch (const ordo::error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  } catch (const std::exception& e) {  // a results file that cannot be written
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return 0;
}
