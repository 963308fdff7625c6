// `ordo demo`: the main job. Generates data, runs every capability ordo has
// on the GPU when there is one (else on the CPU), checks each result against
// the sequential reference (ordo::cpu{1}) and prints time and throughput.
#include <algorithm>
#include <chrono>
#include <memory>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <random>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "commands.hpp"
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

struct demo_options {
  std::uint64_t n = 1ull << 24;
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

// Median wall time of `reps` runs, after one warm-up; `sync` waits for the GPU.
double median_ms(const std::function<void()>& run, const std::function<void()>& sync, int reps) {
  run();
  sync();
  std::vector<double> t;
  for (int i = 0; i < reps; ++i) {
    auto a = std::chrono::steady_clock::now();
    run();
    sync();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

template <class R>
bool same(const std::vector<R>& a, const std::vector<R>& b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (!(a[i] == b[i]) && !(a[i] != a[i] && b[i] != b[i])) return false;
  return true;
}

struct result_row {
  std::string what;
  double ms;
  bool ok;
};

// Runs fn(exec, keys, ranks) on the chosen backend, times it, checks it
// against the same call on ordo::cpu{1}.
template <class R, class T = std::int32_t>
result_row run_case(const std::string& what, const std::vector<T>& keys, bool gpu, int reps,
                    const std::type_identity_t<std::function<void(std::span<const T>, std::span<R>, bool)>>& fn) {
  std::vector<R> want(keys.size()), got(keys.size());
  fn(keys, want, false);  // reference: the sequential CPU path
  double ms;
  if (gpu) {
    device_buffer<T> d_keys{std::span<const T>(keys)};
    device_buffer<R> d_ranks(keys.size());
    ms = median_ms([&] { fn(d_keys.span(), d_ranks.span(), true); }, [] { detail::device_synchronize(); }, reps);
    d_ranks.download(got);
  } else {
    ms = median_ms([&] { fn(keys, got, true); }, [] {}, reps);
  }
  return {what, ms, same(got, want)};
}

// radius returns a number, not an array: timed and checked on its own.
result_row run_radius(const std::vector<std::int32_t>& keys, bool gpu, int reps) {
  const std::uint64_t want = radius(cpu{1}, std::span<const std::int32_t>(keys));
  std::uint64_t got = 0;
  double ms;
  if (gpu) {
    device_buffer<std::int32_t> d{std::span<const std::int32_t>(keys)};
    ms = median_ms([&] { got = radius(cuda{}, std::as_const(d).span()); }, [] {}, reps);
  } else {
    ms = median_ms([&] { got = radius(cpu{}, std::span<const std::int32_t>(keys)); }, [] {}, reps);
  }
  return {"radius, radius 16", ms, got == want};
}

int run_demo(const demo_options& o) {
  const bool gpu = o.device == "cuda" || (o.device == "auto" && cuda_available());
  if (o.device == "cuda" && !cuda_available()) throw error(errc::not_supported, "demo: no CUDA device");
  const std::uint64_t n = o.n;
  std::printf("ordo demo: n = %llu int32 keys on the %s (checked against ordo::cpu{1})\n\n",
              (unsigned long long)n, gpu ? "GPU" : "CPU");
  std::vector<result_row> rows;
  for (double p : {0.5, 0.999}) {
    const std::vector<std::int32_t> keys = sorted_with_ties(n, p, 42);
    for (auto m : {rank_method::min, rank_method::max, rank_method::dense, rank_method::ordinal}) {
      rows.push_back(run_case<std::uint32_t>(
          std::string("rank_sorted ") + to_string(m) + " p=" + (p == 0.5 ? "0.5" : "0.999"), keys, gpu, o.reps,
          [&](std::span<const std::int32_t> k, std::span<std::uint32_t> r, bool fast) {
            rank_sorted_options opt{m};
            if (!fast) rank_sorted(cpu{1}, k, r, opt);
            else if (gpu) rank_sorted(cuda{}, k, r, opt);
            else rank_sorted(cpu{}, k, r, opt);
          }));
    }
    rows.push_back(run_case<double>(std::string("rank_sorted average p=") + (p == 0.5 ? "0.5" : "0.999"), keys, gpu,
                                    o.reps, [&](std::span<const std::int32_t> k, std::span<double> r, bool fast) {
                                      rank_sorted_options opt{rank_method::average};
                                      if (!fast) rank_sorted(cpu{1}, k, r, opt);
                                      else if (gpu) rank_sorted(cuda{}, k, r, opt);
                                      else rank_sorted(cpu{}, k, r, opt);
                                    }));
  }
  const std::vector<std::int32_t> unsorted = random_keys(n, 7);
  for (auto m : {rank_method::average, rank_method::min, rank_method::dense, rank_method::ordinal}) {
    rows.push_back(run_case<double>(std::string("rank (pandas) ") + to_string(m), unsorted, gpu, o.reps,
                                    [&](std::span<const std::int32_t> k, std::span<double> r, bool fast) {
                                      rank_options opt{m};
                                      if (!fast) rank(cpu{1}, k, r, opt);
                                      else if (gpu) rank(cuda{}, k, r, opt);
                                      else rank(cpu{}, k, r, opt);
                                    }));
  }
  for (std::uint64_t lists : {std::uint64_t(1), n / 64}) {
    const std::vector<std::int32_t> succ = gen::random_forest<std::int32_t>(n, lists, 3);
    rows.push_back(run_case<std::uint32_t>(lists == 1 ? "list_rank random list" : "list_rank forest of n/64 lists",
                                           succ, gpu, o.reps,
                                           [&](std::span<const std::int32_t> s, std::span<std::uint32_t> r, bool fast) {
                                             if (!fast) list_rank(cpu{1}, s, r);
                                             else if (gpu) list_rank(cuda{}, s, r);
                                             else list_rank(cpu{}, s, r);
                                           }));
  }
  // The primitives (seed 001): argsort and scan.
  rows.push_back(run_case<std::uint32_t>("sort_idx (argsort)", unsorted, gpu, o.reps,
                                         [&](std::span<const std::int32_t> k, std::span<std::uint32_t> p, bool fast) {
                                           if (!fast) sort_idx(cpu{1}, k, p);
                                           else if (gpu) sort_idx(cuda{}, k, p);
                                           else sort_idx(cpu{}, k, p);
                                         }));
  const std::vector<std::uint32_t> values(unsorted.begin(), unsorted.end());
  rows.push_back(run_case<std::uint32_t, std::uint32_t>(
      "scan inclusive plus", values, gpu, o.reps,
      [&](std::span<const std::uint32_t> v, std::span<std::uint32_t> out, bool fast) {
        if (!fast) scan(cpu{1}, v, out, plus{});
        else if (gpu) scan(cuda{}, v, out, plus{});
        else scan(cpu{}, v, out, plus{});
      }));
  // Roughsort (seed 002): keys of radius 16, measured and sorted by the adaptive sort.
  const std::vector<std::int32_t> ksorted = gen::ksorted<std::int32_t>(n, 16, 11);
  rows.push_back(run_case<std::int32_t>("sort (adaptive), radius 16", ksorted, gpu, o.reps,
                                        [&](std::span<const std::int32_t> k, std::span<std::int32_t> out, bool fast) {
                                          if (!fast) sort_copy(cpu{1}, k, out);
                                          else if (gpu) sort_copy(cuda{}, k, out);
                                          else sort_copy(cpu{}, k, out);
                                        }));
  rows.push_back(run_radius(ksorted, gpu, o.reps));
  // Segmented sort (seed 004): segments of 32 random keys.
  rows.push_back(run_case<std::int32_t>("segmented_sort, length 32", unsorted, gpu, o.reps,
                                        [&](std::span<const std::int32_t> k, std::span<std::int32_t> out, bool fast) {
                                          if (!fast) segmented_sort(cpu{1}, k, out, fixed_length(32));
                                          else if (gpu) segmented_sort(cuda{}, k, out, fixed_length(32));
                                          else segmented_sort(cpu{}, k, out, fixed_length(32));
                                        }));
  std::printf("%-30s %12s %16s  %s\n", "capability", "median ms", "keys/s", "check");
  bool all_ok = true;
  for (const auto& r : rows) {
    std::printf("%-30s %12.3f %16.3e  %s\n", r.what.c_str(), r.ms, double(n) / (r.ms * 1e-3), r.ok ? "ok" : "MISMATCH");
    all_ok = all_ok && r.ok;
  }
  std::printf("\n%s\n", all_ok ? "all results match the sequential reference" : "SOME RESULTS DIFFER");
  return all_ok ? 0 : 1;
}

}  // namespace

void add_demo_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("demo", "generate data, run every capability, verify it and time it");
  auto o = std::make_shared<demo_options>();
  cmd->add_option("--n", o->n, "number of keys")->capture_default_str();
  cmd->add_option("--device", o->device, "cpu, cuda or auto")->check(CLI::IsMember({"cpu", "cuda", "auto"}))->capture_default_str();
  cmd->add_option("--reps", o->reps, "timed runs (median)")->check(CLI::Range(1, 1000))->capture_default_str();
  cmd->callback([o] {
    const int rc = run_demo(*o);
    if (rc != 0) throw CLI::RuntimeError(rc);
  });
}

}  // namespace ordo::tools
