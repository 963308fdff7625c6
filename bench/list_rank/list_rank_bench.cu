// list_rank: ordo's GPU variants against the sequential CPU traversal (the
// issue's yardstick), ordo's CPU Helman-JaJa, and a CUB inclusive scan (what
// ranking an ordered list amounts to). Rows:
//   main    the targets: random 2^25 and 2^26, ordered 2^26, forest of 2^20
//           lists over 2^26 nodes, and the cost of validation
//   table2  the paper's Table 2 / Fig. 5 sizes, 1K to 64M: CPU sequential,
//           Wyllie, RHJ (and CPU Helman-JaJa)
//   fig9    the load-balance study: random list with equidistant splitters,
//           ordered list with random splitters, and both defaults
//   tuning  RHJ's splitter strides, which chose the defaults
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "common/cub_count.hpp"
#include "common/cpu_timer.hpp"
#include "common/gpu_timer.cuh"
#include "common/list_cases.hpp"
#include "common/options.hpp"
#include "common/results.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"

namespace ordo_bench {
namespace {

using I = std::uint32_t;
using R = std::uint32_t;
constexpr I end = ordo::list_end<I>;

// The baseline a CPU user writes: walk the one list from its head.
void traverse(const std::vector<I>& succ, I head, std::vector<R>& rank) {
  R r = 0;
  for (I x = head; x != end; x = succ[x]) rank[x] = r++;
}

I head_of(const std::vector<I>& succ) {
  std::vector<char> has_pred(succ.size(), 0);
  for (I s : succ)
    if (s != end) has_pred[s] = 1;
  for (std::size_t i = 0; i < succ.size(); ++i)
    if (!has_pred[i]) return I(i);
  return end;
}

struct list_data {
  std::string shape;
  std::uint64_t lists = 1;
  std::vector<I> succ;
  std::vector<R> want;  // from the traversal (single lists) or ordo::cpu{}
  ordo::device_buffer<I> d_succ;
};

list_data make(const std::string& shape, std::uint64_t n, std::uint64_t lists = 1) {
  list_data d;
  d.shape = shape;
  d.lists = lists;
  if (shape == "ordered") d.succ = ordo::gen::ordered_list<I>(n);
  else if (shape == "forest") d.succ = ordo::gen::random_forest<I>(n, lists, 42);
  else if (shape == "runs") {  // runs of 1..64 consecutive indices, linked in a random order
    const auto s = ordo_test::runs_list(n, 64, 1, 42);
    d.succ.assign(s.begin(), s.end());
  }
  else d.succ = ordo::gen::random_list<I>(n, 42);
  d.want.resize(n);
  if (lists == 1) traverse(d.succ, head_of(d.succ), d.want);
  else ordo::list_rank(ordo::cpu{1}, std::span<const I>(d.succ), std::span<R>(d.want));
  d.d_succ = ordo::device_buffer<I>(std::span<const I>(d.succ));
  return d;
}

row base_row(const list_data& d, const char* fig) {
  row r;
  r.capability = "list_rank";
  r.key = "uint32";
  r.value = "uint32";
  r.n = d.succ.size();
  r.params = {{"list", d.shape}, {"lists", d.lists}, {"fig", fig}};
  return r;
}

double gpu_list_rank(results& res, list_data& d, const char* fig, const char* label, ordo::list_options o,
                     const options& opt, double floor_ms, bool is_default) {
  const std::uint64_t n = d.succ.size();
  ordo::device_buffer<R> out(n);
  ORDO_CUDA_CHECK(cudaMemset(out.data(), 0xff, n * sizeof(R)));
  auto run = [&] { ordo::list_rank(ordo::cuda{}, std::as_const(d.d_succ).span(), out.span(), o); };
  run();
  std::vector<R> got(n);
  out.download(got);
  row r = base_row(d, fig);
  r.impl = "ordo";
  r.variant = label;
  r.is_default = is_default;
  r.ms = median_ms(run, opt.reps);
  r.copy_floor_ms = floor_ms;
  r.verified = got == d.want;
  r.params["splitter_stride"] = o.splitter_stride;
  r.params["deep_stride"] = o.deep_stride;
  r.params["equidistant"] = o.equidistant_splitters;
  r.params["validate"] = o.validate;
  res.add(r);
  return r.ms;
}

double cpu_row(results& res, list_data& d, const char* fig, const char* impl, const char* label, int threads,
               const options& opt, bool bare) {
  const std::uint64_t n = d.succ.size();
  std::vector<R> got(n);
  const I head = bare ? head_of(d.succ) : 0;
  const int reps = n >= (1u << 24) ? 1 : opt.cpu_reps;
  const double ms = median_ms_host(
      [&] {
        if (bare) traverse(d.succ, head, got);
        else
          ordo::list_rank(ordo::cpu{threads}, std::span<const I>(d.succ), std::span<R>(got),
                          {.variant = threads == 1 ? ordo::cpu_list_variant::sequential : ordo::cpu_list_variant::helman_jaja});
      },
      reps);
  row r = base_row(d, fig);
  r.impl = impl;
  r.variant = label;
  r.ms = ms;
  r.verified = got == d.want;
  r.extra["threads"] = ordo::cpu{threads}.resolved_threads();
  res.add(r);
  return ms;
}

double cub_scan_row(results& res, list_data& d, const char* fig, const options& opt) {
  const std::uint64_t n = d.succ.size();
  ordo::device_buffer<R> in(n), out(n);
  ORDO_CUDA_CHECK(cudaMemset(in.data(), 0, n * sizeof(R)));
  std::size_t bytes = 0;
  cub::DeviceScan::InclusiveSum(nullptr, bytes, in.data(), out.data(), cub_count(n));
  void* temp = nullptr;
  ORDO_CUDA_CHECK(cudaMalloc(&temp, bytes));
  row r = base_row(d, fig);
  r.impl = "cub";
  r.variant = "DeviceScan::InclusiveSum";
  r.ms = median_ms([&] { cub::DeviceScan::InclusiveSum(temp, bytes, in.data(), out.data(), cub_count(n)); }, opt.reps);
  r.verified = true;  // a yardstick, not a list ranking
  cudaFree(temp);
  res.add(r);
  return r.ms;
}

void main_rows(results& res, const options& opt) {
  using ordo::gpu_list_variant;
  for (int lg : {25, 26}) {
    list_data d = make("random", 1ull << lg);
    const double floor = copy_floor_ms(d.succ.size() * 8, opt.reps);
    const double ordo_ms = gpu_list_rank(res, d, "main", "auto", {}, opt, floor, true);
    gpu_list_rank(res, d, "main", "auto+validate", {.validate = true}, opt, floor, false);
    gpu_list_rank(res, d, "main", "wyllie", {.variant = gpu_list_variant::wyllie}, opt, floor, false);
    if (lg == 25) {
      const double seq = cpu_row(res, d, "main", "cpu_traversal", "sequential walk from the head", 1, opt, true);
      cpu_row(res, d, "main", "ordo_cpu", "sequential", 1, opt, false);
      const double hj = cpu_row(res, d, "main", "ordo_cpu", "helman_jaja", 0, opt, false);
      std::printf("  random 2^25: ordo GPU %.3f ms = %.0fx the sequential traversal (%.1f ms); CPU HJ %.1fx\n", ordo_ms,
                  seq / ordo_ms, seq, seq / hj);
    }
  }
  list_data ordered = make("ordered", 1ull << 26);
  const double floor = copy_floor_ms(ordered.succ.size() * 8, opt.reps);
  const double o_ms = gpu_list_rank(res, ordered, "main", "auto", {}, opt, floor, true);
  gpu_list_rank(res, ordered, "main", "auto+validate", {.validate = true}, opt, floor, false);
  gpu_list_rank(res, ordered, "main", "rhj, runs kept", {.variant = gpu_list_variant::rhj, .runs = ordo::list_runs::keep},
                opt, floor, false);
  const double scan_ms = cub_scan_row(res, ordered, "main", opt);
  std::printf("  ordered 2^26: %.3f ms = %.2fx a CUB inclusive scan (%.3f ms)\n", o_ms, o_ms / scan_ms, scan_ms);
  list_data forest = make("forest", 1ull << 26, 1ull << 20);
  gpu_list_rank(res, forest, "main", "auto", {}, opt, floor, true);
  list_data runs = make("runs", 1ull << 26);
  gpu_list_rank(res, runs, "main", "auto", {}, opt, floor, true);
  gpu_list_rank(res, runs, "main", "rhj, runs kept", {.variant = gpu_list_variant::rhj, .runs = ordo::list_runs::keep}, opt,
                floor, false);
}

void table2_rows(results& res, const options& opt) {
  double crossover = 0;
  for (int lg = 10; lg <= 26; ++lg) {
    list_data d = make("random", 1ull << lg);
    const double floor = copy_floor_ms(d.succ.size() * 8, opt.reps);
    const double w = gpu_list_rank(res, d, "table2", "wyllie", {.variant = ordo::gpu_list_variant::wyllie}, opt, floor, false);
    gpu_list_rank(res, d, "table2", "rhj", {.variant = ordo::gpu_list_variant::rhj, .runs = ordo::list_runs::keep}, opt, floor, false);
    gpu_list_rank(res, d, "table2", "auto", {}, opt, floor, true);
    const double seq = cpu_row(res, d, "table2", "cpu_traversal", "sequential walk from the head", 1, opt, true);
    cpu_row(res, d, "table2", "ordo_cpu", "helman_jaja", 0, opt, false);
    if (crossover == 0 && w < seq) crossover = double(1ull << lg);
  }
  std::printf("  Wyllie first beats the sequential CPU traversal at n = %.0f\n", crossover);
  row r;
  r.capability = "list_rank";
  r.impl = "summary";
  r.variant = "wyllie_crossover_n";
  r.n = std::uint64_t(crossover);
  r.params = {{"fig", "table2"}};
  r.verified = true;
  res.add(r);
}

void fig9_rows(results& res, const options& opt) {
  for (int lg : {21, 22}) {
    for (const char* shape : {"random", "ordered"}) {
      list_data d = make(shape, 1ull << lg);
      const double floor = copy_floor_ms(d.succ.size() * 8, opt.reps);
      gpu_list_rank(res, d, "fig9", "rhj random splitters",
                    {.variant = ordo::gpu_list_variant::rhj, .runs = ordo::list_runs::keep}, opt, floor, false);
      gpu_list_rank(res, d, "fig9", "rhj equidistant splitters",
                    {.variant = ordo::gpu_list_variant::rhj, .equidistant_splitters = true, .runs = ordo::list_runs::keep},
                    opt, floor, false);
      if (std::string(shape) == "ordered") cub_scan_row(res, d, "fig9", opt);
    }
  }
}

void tuning_rows(results& res, const options& opt) {
  for (const char* shape : {"random", "ordered"}) {
    list_data d = make(shape, 1ull << 25);
    const double floor = copy_floor_ms(d.succ.size() * 8, opt.reps);
    for (std::uint32_t first : {8u, 16u, 32u, 64u, 128u})
      for (std::uint32_t deep : {8u, 16u, 32u})
        gpu_list_rank(res, d, "tuning", "rhj",
                      {.variant = ordo::gpu_list_variant::rhj, .splitter_stride = first, .deep_stride = deep,
                       .runs = ordo::list_runs::keep},
                      opt, floor, false);
  }
}

}  // namespace

void run_list_rank(const options& opt) {
  results res("list_rank");
  main_rows(res, opt);
  if (opt.figures) {
    tuning_rows(res, opt);
    fig9_rows(res, opt);
    table2_rows(res, opt);
  }
  res.write(opt.out);
}

}  // namespace ordo_bench

namespace ordo_bench {
// A few calls and nothing else, for a profiler (ncu) to look at.
void run_list_rank_probe(const options& opt) {
  for (const char* shape : {"random", "ordered"}) {
    list_data d = make(shape, opt.n);
    ordo::device_buffer<R> out(d.succ.size());
    for (int i = 0; i < 2; ++i) ordo::list_rank(ordo::cuda{}, std::as_const(d.d_succ).span(), out.span());
    ORDO_CUDA_CHECK(cudaDeviceSynchronize());
  }
}
}  // namespace ordo_bench
