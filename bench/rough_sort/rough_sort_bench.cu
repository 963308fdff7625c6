// Radius, Roughsort and the adaptive sort (issue 5, seed 002), one run, same
// buffers. n = 2^28 uint32 keys from the k-sorted generator (the paper's §8,
// radius exactly k) for k in {1 .. 65536} and fully random keys:
//   ordo rough_sort_copy(k), ordo sort_copy (adaptive, detection included),
//   ordo radius, CUB DeviceRadixSort::SortKeys, CUB DeviceMergeSort (a few k).
// The paper's figures (CPU and GPU at the paper's sizes, `figures` on):
//   Fig. 1/2 radius time vs n at k = 2 and 100 (sequential, threads, GPU);
//   Fig. 3/4 sort time vs n at k = 2 and 15; Fig. 5/6 sort time vs k at
//   n = 0.75e6 and 1.25e6: std::stable_sort (the paper's Mergesort),
//   std::sort, sequential Roughsort (halving), Bubblesort, ordo::cpu{} runs,
//   the GPU Roughsort, the GPU adaptive sort and CUB radix sort.
// Every sorted output is compared with CUB's on the device; every radius
// with the generator's k (random input: with the CPU radius).
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <thrust/equal.h>
#include <thrust/execution_policy.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "common/cub_count.hpp"
#include "common/cpu_timer.hpp"
#include "common/cub_helpers.cuh"
#include "common/gpu_timer.cuh"
#include "common/options.hpp"
#include "common/results.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/ksorted_gen.hpp"
#include "ordo/rough_sort.hpp"

namespace ordo_bench {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

row make_row(const char* capability, const char* impl, const std::string& variant, u64 n, const nlohmann::json& params,
             double ms, double floor, bool verified, bool is_default) {
  return timed_row(capability, impl, variant, "uint32", n, params, ms, floor, verified, is_default);
}

std::vector<u32> input(u64 n, long long k, u64 seed) {  // k < 0: uniformly random
  if (k >= 0) return ordo::gen::ksorted<u32>(n, u64(k), seed, ordo::gen::ksorted_shuffle::paper);
  std::mt19937_64 g(seed);
  std::vector<u32> v(n);
  for (auto& x : v) x = u32(g());
  return v;
}

template <class T>
bool same_on_device(const ordo::device_buffer<T>& a, const ordo::device_buffer<T>& b) {
  return thrust::equal(thrust::device, a.data(), a.data() + a.size(), b.data());
}

struct cub_radix_sorter {
  cub_temp t;
  void radix(const u32* in, u32* out, u64 n) {
    t.run([&](void* p, std::size_t& b) { return cub::DeviceRadixSort::SortKeys(p, b, in, out, n); });
  }
};

// The 2^28 sweep over k: the targets.
void bench_k(results& radius_res, results& sort_res, const options& opt, long long k) {
  const u64 n = opt.n;
  const auto h = input(n, k, 17 + u64(k < 0 ? 0 : k));
  ordo::device_buffer<u32> d_in{std::span<const u32>(h)}, out(n), ref(n), tmp(n);
  nlohmann::json params = {{"k", k < 0 ? nlohmann::json("random") : nlohmann::json(k)}};
  const double floor_rw = copy_floor_ms(n * 4 * 2, opt.reps), floor_r = copy_floor_ms(n * 4, opt.reps);
  cub_radix_sorter cub;
  auto cub_radix = [&] { cub.radix(d_in.data(), ref.data(), n); };
  const double cub_ms = median_ms(cub_radix, opt.reps);
  sort_res.add(make_row("sort", "cub_radix_sort", "SortKeys", n, params, cub_ms, floor_rw, true, false));

  // radius
  u64 r = 0;
  auto rad = [&] { r = ordo::radius(ordo::cuda{}, std::as_const(d_in).span()); };
  const double rad_ms = median_ms(rad, opt.reps);
  const u64 want = k >= 0 ? std::min<u64>(u64(k), n - 1) : ordo::radius(ordo::cpu{}, std::span<const u32>(h));
  row rr = make_row("radius", "ordo", "gpu", n, params, rad_ms, floor_r, r == want, true);
  rr.extra["radius"] = r;
  radius_res.add(rr);

  // the adaptive sort (detection included)
  auto adaptive = [&] { ordo::sort_copy(ordo::cuda{}, std::as_const(d_in).span(), out.span()); };
  adaptive();
  sort_res.add(make_row("sort", "ordo", "adaptive", n, params, median_ms(adaptive, opt.reps), floor_rw,
                        same_on_device(out, ref), true));
  // rough_sort with the true k (runs of 2k; beyond the kernel's runs it is a checked radix sort)
  if (k >= 0 && k <= 4096) {
    auto rs = [&] { ordo::rough_sort_copy(ordo::cuda{}, std::as_const(d_in).span(), out.span(), u64(k)); };
    rs();
    sort_res.add(make_row("rough_sort", "ordo", "runs", n, params, median_ms(rs, opt.reps), floor_rw,
                          same_on_device(out, ref), true));
  }
  // the tiles pass (block radix sorts of runs, then one merge) at every k it covers
  if (k >= 32 && k <= 4096) {
    auto rr = [&] {
      ordo::rough_sort_copy(ordo::cuda{}, std::as_const(d_in).span(), out.span(), u64(k),
                            {ordo::sort_order::ascending, ordo::rough_sort_variant::radix_runs});
    };
    rr();
    sort_res.add(make_row("rough_sort", "ordo", "radix_runs", n, params, median_ms(rr, opt.reps), floor_rw,
                          same_on_device(out, ref), false));
  }
  if (k == 16 || k == 4096 || k < 0) {
    cub_temp mt;
    auto merge = [&] {
      cudaMemcpyAsync(tmp.data(), d_in.data(), n * 4, cudaMemcpyDeviceToDevice);
      mt.run([&](void* p, std::size_t& b) {
        return cub::DeviceMergeSort::SortKeys(p, b, tmp.data(), cub_count(n), ordo::less{});
      });
    };
    merge();
    sort_res.add(make_row("sort", "cub_merge_sort", "SortKeys", n, params, median_ms(merge, std::min(opt.reps, 3)),
                          floor_rw, same_on_device(tmp, ref), false));
  }
}

// Key-value pairs (uint32 values): the window kernel (`runs`) against the
// tiles pass (`radix_runs`) and CUB's SortPairs, for the policy's crossover.
void bench_pairs_k(results& sort_res, const options& opt, long long k) {
  const u64 n = opt.n;
  const auto h = input(n, k, 29 + u64(k));
  std::vector<u32> hv(n);
  for (u64 i = 0; i < n; ++i) hv[i] = u32(i);
  ordo::device_buffer<u32> d_in{std::span<const u32>(h)}, d_v{std::span<const u32>(hv)}, out(n), out_v(n), ref(n),
      ref_v(n);
  nlohmann::json params = {{"k", k}};
  const double floor = copy_floor_ms(n * 4 * 4, opt.reps);
  cub_temp t;
  auto cub_pairs = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceRadixSort::SortPairs(p, b, d_in.data(), ref.data(), d_v.data(), ref_v.data(), n);
    });
  };
  row c = make_row("rough_sort", "cub_radix_sort", "SortPairs", n, params, median_ms(cub_pairs, opt.reps), floor, true,
                   false);
  c.value = "uint32";
  sort_res.add(c);
  auto add = [&](const char* variant, ordo::rough_sort_variant v, bool is_default) {
    auto f = [&] {
      ordo::rough_sort_copy(ordo::cuda{}, std::as_const(d_in).span(), out.span(), std::as_const(d_v).span(),
                            out_v.span(), u64(k), {ordo::sort_order::ascending, v});
    };
    f();
    row r = make_row("rough_sort", "ordo", variant, n, params, median_ms(f, opt.reps), floor,
                     same_on_device(out, ref) && same_on_device(out_v, ref_v), is_default);
    r.value = "uint32";
    sort_res.add(r);
  };
  add("automatic", ordo::rough_sort_variant::automatic, true);
  if (k <= 512) add("runs", ordo::rough_sort_variant::runs, false);
  add("radix_runs", ordo::rough_sort_variant::radix_runs, false);
}

// 64-bit keys: the tiles pass (up to 8 radix passes per tile) and the
// window kernel against CUB's SortKeys, for the 8-byte crossover.
void bench_u64_k(results& sort_res, const options& opt, long long k) {
  const u64 n = opt.n;
  const auto h = ordo::gen::ksorted<u64>(n, u64(k), 31 + u64(k), ordo::gen::ksorted_shuffle::paper);
  ordo::device_buffer<u64> d_in{std::span<const u64>(h)}, out(n), ref(n);
  nlohmann::json params = {{"k", k}};
  const double floor = copy_floor_ms(n * 8 * 2, opt.reps);
  cub_temp t;
  auto cub_keys = [&] {
    t.run([&](void* p, std::size_t& b) { return cub::DeviceRadixSort::SortKeys(p, b, d_in.data(), ref.data(), n); });
  };
  row c = make_row("rough_sort", "cub_radix_sort", "SortKeys", n, params, median_ms(cub_keys, opt.reps), floor, true,
                   false);
  c.key = "uint64";
  sort_res.add(c);
  auto add = [&](const char* variant, ordo::rough_sort_variant v, bool is_default) {
    auto f = [&] {
      ordo::rough_sort_copy(ordo::cuda{}, std::as_const(d_in).span(), out.span(), u64(k), {ordo::sort_order::ascending, v});
    };
    f();
    row r = make_row("rough_sort", "ordo", variant, n, params, median_ms(f, opt.reps), floor, same_on_device(out, ref),
                     is_default);
    r.key = "uint64";
    sort_res.add(r);
  };
  add("automatic", ordo::rough_sort_variant::automatic, true);
  if (k <= 128) add("runs", ordo::rough_sort_variant::runs, false);
  add("radix_runs", ordo::rough_sort_variant::radix_runs, false);
  auto adaptive = [&] { ordo::sort_copy(ordo::cuda{}, std::as_const(d_in).span(), out.span()); };
  adaptive();
  row a = make_row("sort", "ordo", "adaptive", n, params, median_ms(adaptive, opt.reps), floor, same_on_device(out, ref),
                   true);
  a.key = "uint64";
  sort_res.add(a);
}

// The paper's figures at its sizes.
void bench_figure_point(results& radius_res, results& sort_res, const options& opt, const char* fig, u64 n, u64 k,
                        bool sorts, bool radii) {
  const auto h = input(n, (long long)k, 5 + n + k);
  auto want = h;
  std::sort(want.begin(), want.end());
  nlohmann::json params = {{"k", k}};
  auto host_row = [&](results& res, const char* cap, const char* impl, const std::string& variant, double ms, bool ok,
                      int threads) {
    row r = make_row(cap, impl, variant, n, params, ms, 0, ok, false);
    r.extra["fig"] = fig;
    r.extra["threads"] = threads;
    res.add(r);
  };
  const int reps = opt.cpu_reps;
  if (radii) {
    u64 r = 0;
    double ms = median_ms_host([&] { r = ordo::radius(ordo::cpu{1}, std::span<const u32>(h)); }, reps);
    host_row(radius_res, "radius", "ordo", "cpu_sequential", ms, r == k, 1);
    ms = median_ms_host([&] { r = ordo::radius(ordo::cpu{}, std::span<const u32>(h)); }, reps);
    host_row(radius_res, "radius", "ordo", "cpu", ms, r == k, ordo::cpu{}.resolved_threads());
    ordo::device_buffer<u32> d{std::span<const u32>(h)};
    ms = median_ms([&] { r = ordo::radius(ordo::cuda{}, std::as_const(d).span()); }, opt.reps);
    row g = make_row("radius", "ordo", "gpu", n, params, ms, 0, false, true);
    g.verified = r == k;
    g.extra["fig"] = fig;
    radius_res.add(g);
  }
  if (!sorts) return;
  std::vector<u32> w(n);
  auto host_sort = [&](const char* impl, const std::string& variant, int threads, auto&& f) {
    const double ms = median_ms_host([&] { w = h; f(); }, reps);  // the copy is timed too, in every host row alike
    host_row(sort_res, "sort", impl, variant, ms, w == want, threads);
  };
  host_sort("std_stable_sort", "mergesort", 1, [&] { std::stable_sort(w.begin(), w.end()); });
  host_sort("std_sort", "introsort", 1, [&] { std::sort(w.begin(), w.end()); });
  host_sort("ordo", "cpu_halving", 1, [&] {
    ordo::rough_sort(ordo::cpu{1}, std::span<u32>(w), k, {ordo::sort_order::ascending, ordo::rough_sort_variant::halving});
  });
  host_sort("ordo", "cpu_runs_sequential", 1, [&] {
    ordo::rough_sort(ordo::cpu{1}, std::span<u32>(w), k, {ordo::sort_order::ascending, ordo::rough_sort_variant::runs});
  });
  if (k <= 64)
    host_sort("ordo", "cpu_bubble", 1, [&] {
      ordo::rough_sort(ordo::cpu{1}, std::span<u32>(w), k, {ordo::sort_order::ascending, ordo::rough_sort_variant::bubble});
    });
  host_sort("ordo", "cpu_runs", ordo::cpu{}.resolved_threads(), [&] { ordo::rough_sort(ordo::cpu{}, std::span<u32>(w), k); });
  host_sort("ordo", "cpu_adaptive", ordo::cpu{}.resolved_threads(), [&] { ordo::sort(ordo::cpu{}, std::span<u32>(w)); });
  ordo::device_buffer<u32> d{std::span<const u32>(h)}, out(n), ref(n);
  cub_radix_sorter cub;
  auto gpu_row = [&](const char* impl, const std::string& variant, auto&& f, bool check) {
    const double ms = median_ms(f, opt.reps);
    row r = make_row("sort", impl, variant, n, params, ms, 0, !check || same_on_device(out, ref), false);
    r.extra["fig"] = fig;
    sort_res.add(r);
  };
  gpu_row("cub_radix_sort", "SortKeys", [&] { cub.radix(d.data(), ref.data(), n); }, false);
  gpu_row("ordo", "gpu_runs", [&] { ordo::rough_sort_copy(ordo::cuda{}, std::as_const(d).span(), out.span(), k); }, true);
  gpu_row("ordo", "gpu_adaptive", [&] { ordo::sort_copy(ordo::cuda{}, std::as_const(d).span(), out.span()); }, true);
}

}  // namespace

void run_rough_sort(const options& opt) {
  results radius_res("radius"), sort_res("sort");
  // ORDO_BENCH_KS="1,256,-1" restricts the sweep (for profiling; -1 is random input).
  std::vector<long long> ks = {1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096, 65536, -1};
  std::vector<long long> pair_ks = {64, 128, 256, 512, 1024, 4096};
  if (const char* env = std::getenv("ORDO_BENCH_KS")) {
    ks.clear();
    std::stringstream list(env);
    for (std::string k; std::getline(list, k, ',');) ks.push_back(std::stoll(k));
  }
  for (long long k : ks) bench_k(radius_res, sort_res, opt, k);
  if (const char* env = std::getenv("ORDO_BENCH_PAIR_KS")) {
    pair_ks.clear();
    std::stringstream list(env);
    for (std::string k; std::getline(list, k, ',');) pair_ks.push_back(std::stoll(k));
  }
  for (long long k : pair_ks) bench_pairs_k(sort_res, opt, k);
  for (long long k : {64, 128, 1024, 4096}) bench_u64_k(sort_res, opt, k);
  if (opt.figures) {
    for (u64 n : {250000, 500000, 750000, 1000000, 1250000}) {
      bench_figure_point(radius_res, sort_res, opt, "fig1", n, 2, false, true);
      bench_figure_point(radius_res, sort_res, opt, "fig2", n, 100, false, true);
      bench_figure_point(radius_res, sort_res, opt, "fig3", n, 2, true, false);
      bench_figure_point(radius_res, sort_res, opt, "fig4", n, 15, true, false);
    }
    for (u64 k : {1, 2, 4, 8, 15, 30, 64, 128, 256, 512, 1024})
      for (u64 n : {750000, 1250000}) bench_figure_point(radius_res, sort_res, opt, n == 750000 ? "fig5" : "fig6", n, k, true, false);
  }
  radius_res.write(opt.out);
  sort_res.write(opt.out);
}

}  // namespace ordo_bench
