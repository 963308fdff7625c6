// `ordo demo`: the main job. Generates data, runs every capability ordo has
// on the GPU when there is one (else on the CPU), and prints one line per
// capability as soon as it is measured: ordo's median time, and beside it a
// baseline a user knows (a sequential std:: loop on the CPU; CUB on the GPU
// where CUB has the operation). Each ordo result is checked against the CPU
// baseline's, which is written without ordo (demo_baselines_cpu.cpp).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"
#include "demo_baselines.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/ksorted_gen.hpp"
#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rank.hpp"
#include "ordo/rough_sort.hpp"
#include "ordo/segmented_sort.hpp"

namespace ordo::tools {
namespace {

constexpr std::uint64_t gpu_default_n = 1ull << 24;
constexpr std::uint64_t cpu_default_n = 1ull << 20;  // the sequential baselines take seconds beyond this

struct demo_options {
  std::uint64_t n = 0;
  bool n_given = false;
  std::string device = "auto";
  int reps = 5;
};

// Sorted keys with ties: a new value with probability 1 - p (seed 000's data).
std::vector<std::int32_t> sorted_with_ties(std::uint64_t n, double p, std::uint64_t seed) {
  std::vector<std::int32_t> d(n);
  std::mt19937_64 g(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::int32_t v = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    if (i > 0 && u(g) >= p) ++v;
    d[i] = v;
  }
  return d;
}

std::vector<std::int32_t> random_keys(std::uint64_t n, std::uint64_t seed) {
  std::vector<std::int32_t> d(n);
  std::mt19937_64 g(seed);
  for (auto& x : d) x = std::int32_t(g() % (n / 4 + 1));  // about four keys per value: many ties
  return d;
}

// Wall time of one run, no warm-up.
double once_ms(const std::function<void()>& run) {
  const auto a = std::chrono::steady_clock::now();
  run();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count();
}

// Median wall time of `reps` runs, after one warm-up (run() waits for the GPU).
double median_ms(const std::function<void()>& run, int reps) {
  run();
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    auto a = std::chrono::steady_clock::now();
    run();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// Equal element for element, a NaN matching a NaN.
template <class R>
bool same(const std::vector<R>& a, const std::vector<R>& b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](R x, R y) { return x == y || (x != x && y != y); });
}

// Prints each row the moment it is measured, so a slow machine shows progress.
struct table {
  std::uint64_t n;
  bool all_ok = true;
  void header() const {
    std::printf("%-31s %10s %9s  %-32s %10s %7s  %s\n", "capability", "ordo ms", "Mkeys/s", "baseline", "base ms",
                "ordo is", "check");
    std::fflush(stdout);
  }
  void row(const std::string& what, double ms, const std::string& base, double base_ms, bool ok) {
    char rate[32] = "-", ratio[32] = "-";
    if (ms > 0) {
      std::snprintf(rate, sizeof rate, "%.1f", double(n) / (ms * 1e3));
      std::snprintf(ratio, sizeof ratio, "%.1fx", base_ms / ms);
    }
    std::printf("%-31s %10.3f %9s  %-32s %10.3f %7s  %s\n", what.c_str(), ms, rate, base.c_str(), base_ms, ratio,
                ok ? "ok" : "MISMATCH");
    std::fflush(stdout);
    all_ok = all_ok && ok;
  }
};

template <class In, class Out>
using kernel = std::function<void(std::span<const In>, std::span<Out>)>;

// One capability: ordo on the chosen backend, the CPU baseline (which gives
// the expected output), and on the GPU the CUB baseline when there is one.
template <class In, class Out>
struct demo_case {
  std::string what;
  kernel<In, Out> ordo;      // host spans on the CPU, device spans on the GPU
  std::string cpu_name;
  kernel<In, Out> cpu_base;  // sequential, host spans
  std::string gpu_name{};    // empty: no CUB baseline, the CPU one is shown
  kernel<In, Out> gpu_base{};
};

template <class In, class Out>
void run_case(table& t, const demo_case<In, Out>& c, const std::vector<In>& in, bool gpu, int reps) {
  std::vector<Out> want(in.size()), got(in.size());
  double ms = 0, base_ms = 0;
  std::string base = c.cpu_name;
  const bool cpu_base_timed = !gpu || !c.gpu_base;
  if (cpu_base_timed && gpu) {
    // A sequential CPU baseline beside the GPU takes seconds at the GPU's n
    // (std::stable_sort of 2^24 keys: about 7 s): one timed run, which also
    // gives the expected output, keeps the demo to a minute.
    base_ms = once_ms([&] { c.cpu_base(in, want); });
    base += " (CPU, 1 run)";
  } else if (cpu_base_timed) {
    base_ms = median_ms([&] { c.cpu_base(in, want); }, reps);
  } else {
    c.cpu_base(in, want);
  }
  if (gpu) {
    device_buffer<In> d_in{std::span<const In>(in)};
    device_buffer<Out> d_out(in.size());
    ms = median_ms([&] { c.ordo(std::as_const(d_in).span(), d_out.span()); detail::device_synchronize(); }, reps);
    d_out.download(got);
    if (c.gpu_base) {
      base = c.gpu_name;
      device_buffer<Out> d_base(in.size());
      base_ms = median_ms([&] { c.gpu_base(std::as_const(d_in).span(), d_base.span()); }, reps);
    }
  } else {
    ms = median_ms([&] { c.ordo(in, got); }, reps);
  }
  t.row(c.what, ms, base, base_ms, same(got, want));
}

int run_demo(const demo_options& o) {
  if (o.device == "cuda" && !cuda_available()) throw error(errc::not_supported, "demo: no CUDA device");
  const bool gpu = o.device == "cuda" || (o.device == "auto" && cuda_available());
  const std::uint64_t n = o.n_given ? o.n : (gpu ? gpu_default_n : cpu_default_n);
  const int threads = cpu{}.resolved_threads();
  std::string device = "CPU, ordo::cpu{} on " + std::to_string(threads) + " OpenMP thread" + (threads == 1 ? "" : "s");
#ifdef ORDO_HAS_CUDA
  if (gpu) device = "GPU " + demo::gpu_name() + ", ordo::cuda{}";
#endif
  std::printf("ordo demo: n = %llu int32 keys, median of %d runs after a warm-up\n", (unsigned long long)n, o.reps);
  std::printf("device: %s; CPU threads: %d\n", device.c_str(), threads);
  std::printf("baselines: %s; every ordo result is checked against the CPU baseline's\n", gpu
              ? "CUB on the GPU where CUB has the operation, else a sequential loop on one CPU thread"
              : "sequential std:: code on one thread (std::sort, std::stable_sort, std::partial_sum, loops)");
  std::printf("\"ordo is\": baseline time / ordo time\n\n");
  table t{n};
  t.header();
  const auto pick = [gpu](auto&& on_cpu, auto&& on_gpu) { gpu ? on_gpu() : on_cpu(); };
  using i32 = std::int32_t;
  using u32 = std::uint32_t;

  for (double p : {0.5, 0.999}) {
    const std::vector<i32> keys = sorted_with_ties(n, p, 42);
    const std::string ps = p == 0.5 ? " p=0.5" : " p=0.999";
    for (auto m : {rank_method::min, rank_method::max, rank_method::dense, rank_method::ordinal}) {
      demo_case<i32, u32> c{std::string("rank_sorted ") + to_string(m) + ps,
                            [&](std::span<const i32> k, std::span<u32> r) {
                              pick([&] { rank_sorted(cpu{}, k, r, {m}); }, [&] { rank_sorted(cuda{}, k, r, {m}); });
                            },
                            "sequential loop", [m](std::span<const i32> k, std::span<u32> r) {
                              demo::rank_sorted_loop(k, r, m);
                            }};
#ifdef ORDO_HAS_CUDA
      if (m == rank_method::dense) c.gpu_name = "CUB: flags + InclusiveSum", c.gpu_base = demo::cub_rank_sorted_dense;
      if (m == rank_method::min) c.gpu_name = "CUB: flags + max InclusiveScan", c.gpu_base = demo::cub_rank_sorted_min;
#endif
      run_case(t, c, keys, gpu, o.reps);
    }
    run_case(t,
             demo_case<i32, double>{std::string("rank_sorted average") + ps,
                                    [&](std::span<const i32> k, std::span<double> r) {
                                      const rank_sorted_options opt{rank_method::average};
                                      pick([&] { rank_sorted(cpu{}, k, r, opt); }, [&] { rank_sorted(cuda{}, k, r, opt); });
                                    },
                                    "sequential loop",
                                    [](std::span<const i32> k, std::span<double> r) { demo::rank_sorted_loop(k, r); }},
             keys, gpu, o.reps);
  }

  const std::vector<i32> unsorted = random_keys(n, 7);
  for (auto m : {rank_method::average, rank_method::min, rank_method::dense, rank_method::ordinal}) {
    run_case(t,
             demo_case<i32, double>{std::string("rank (pandas) ") + to_string(m),
                                    [&](std::span<const i32> k, std::span<double> r) {
                                      pick([&] { rank(cpu{}, k, r, {m}); }, [&] { rank(cuda{}, k, r, {m}); });
                                    },
                                    "std::stable_sort + loop",
                                    [m](std::span<const i32> k, std::span<double> r) { demo::rank_stable_sort(k, r, m); }},
             unsorted, gpu, o.reps);
  }

  // One list, then a forest of n/64 lists (at least one list where there is a node).
  const std::pair<std::uint64_t, const char*> forests[] = {
      {std::min<std::uint64_t>(n, 1), "list_rank random list"},
      {std::min<std::uint64_t>(n, std::max<std::uint64_t>(1, n / 64)), "list_rank forest of n/64 lists"}};
  for (const auto& [lists, what] : forests) {
    const std::vector<i32> succ = gen::random_forest<i32>(n, lists, 3);
    run_case(t,
             demo_case<i32, u32>{what,
                                 [&](std::span<const i32> s, std::span<u32> r) {
                                   pick([&] { list_rank(cpu{}, s, r); }, [&] { list_rank(cuda{}, s, r); });
                                 },
                                 "sequential walk from the heads", demo::list_rank_walk},
             succ, gpu, o.reps);
  }

  // The primitives (seed 001): argsort and scan.
  demo_case<i32, u32> argsort{"sort_idx (argsort)",
                              [&](std::span<const i32> k, std::span<u32> p) {
                                pick([&] { sort_idx(cpu{}, k, p); }, [&] { sort_idx(cuda{}, k, p); });
                              },
                              "std::stable_sort of indices", demo::argsort_stable_sort};
  const std::vector<u32> values(unsorted.begin(), unsorted.end());
  demo_case<u32, u32> prefix{"scan inclusive plus",
                             [&](std::span<const u32> v, std::span<u32> out) {
                               pick([&] { scan(cpu{}, v, out, plus{}); }, [&] { scan(cuda{}, v, out, plus{}); });
                             },
                             "std::partial_sum", demo::scan_partial_sum};
  // Roughsort (seed 002): keys of radius 16, measured and sorted by the adaptive sort.
  const std::vector<i32> ksorted = gen::ksorted<i32>(n, 16, 11);
  demo_case<i32, i32> adaptive{"sort (adaptive), radius 16",
                               [&](std::span<const i32> k, std::span<i32> out) {
                                 pick([&] { sort_copy(cpu{}, k, out); }, [&] { sort_copy(cuda{}, k, out); });
                               },
                               "std::sort", demo::sort_std_sort};
  // Segmented sort (seed 004): segments of 32 random keys.
  demo_case<i32, i32> segsort{"segmented_sort, length 32",
                              [&](std::span<const i32> k, std::span<i32> out) {
                                pick([&] { segmented_sort(cpu{}, k, out, fixed_length(32)); },
                                     [&] { segmented_sort(cuda{}, k, out, fixed_length(32)); });
                              },
                              "std::sort per segment",
                              [](std::span<const i32> k, std::span<i32> out) { demo::segmented_sort_std_sort(k, out, 32); }};
#ifdef ORDO_HAS_CUDA
  argsort.gpu_name = "CUB DeviceRadixSort::SortPairs", argsort.gpu_base = demo::cub_argsort;
  prefix.gpu_name = "CUB DeviceScan::InclusiveSum", prefix.gpu_base = demo::cub_scan;
  adaptive.gpu_name = "CUB DeviceRadixSort::SortKeys", adaptive.gpu_base = demo::cub_sort;
  segsort.gpu_name = "CUB DeviceSegmentedSort", segsort.gpu_base = [](std::span<const i32> k, std::span<i32> out) {
    demo::cub_segmented_sort(k, out, 32);
  };
#endif
  run_case(t, argsort, unsorted, gpu, o.reps);
  run_case(t, prefix, values, gpu, o.reps);
  run_case(t, adaptive, ksorted, gpu, o.reps);

  // radius returns a number, not an array: timed and checked on its own.
  {
    std::uint64_t want = 0, got = 0;
    const auto base_run = [&] { want = demo::radius_loop(ksorted); };
    const double base_ms = gpu ? once_ms(base_run) : median_ms(base_run, o.reps);
    double ms;
    if (gpu) {
      device_buffer<i32> d{std::span<const i32>(ksorted)};
      ms = median_ms([&] { got = radius(cuda{}, std::as_const(d).span()); }, o.reps);
    } else {
      ms = median_ms([&] { got = radius(cpu{}, std::span<const i32>(ksorted)); }, o.reps);
    }
    t.row("radius, radius 16", ms, gpu ? "prefix max + binary search (CPU, 1 run)" : "prefix max + binary search", base_ms,
          got == want);
  }
  run_case(t, segsort, unsorted, gpu, o.reps);

  std::printf("\n%s\n", t.all_ok ? "all results match the baselines" : "SOME RESULTS DIFFER");
  return t.all_ok ? 0 : 1;
}

}  // namespace

void add_demo_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("demo", "generate data, run every capability beside a baseline, verify it and time it");
  auto o = std::make_shared<demo_options>();
  auto* n = cmd->add_option("--n", o->n, "number of keys, any n >= 0 (default: 2^24 on the GPU, 2^20 on the CPU)");
  cmd->add_option("--device", o->device, "cpu, cuda or auto")->check(CLI::IsMember({"cpu", "cuda", "auto"}))->capture_default_str();
  cmd->add_option("--reps", o->reps, "timed runs (median)")->check(CLI::Range(1, 1000))->capture_default_str();
  cmd->callback([o, n] {
    o->n_given = n->count() > 0;
    const int rc = run_demo(*o);
    if (rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace ordo::tools
