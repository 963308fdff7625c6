// Segmented sort (issue 4, seed 004) against CUB DeviceSegmentedSort, one
// run, same buffers. n = 2^28 uint32 key / uint32 value pairs (bench-protocol):
//   uniform lengths {1, 2, 8, 32, 128, 512, 2048, 8192, 65536, 2^20}
//   power-law lengths P(l) ~ l^-alpha on [1, max], alpha {0.5, 1, 1.5} x max {50, 500, 2000}
// plus 64-bit values, keys-only (unstable and stable) on a few shapes, and the
// CPU path (all threads) against std::sort per segment at 2^24.
// Every ordo row is verified on the host: each segment sorted, each value the
// position of its key inside the segment, ties in position order (stable).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_sort.cuh>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "common/cub_count.hpp"
#include "common/cpu_timer.hpp"
#include "common/gpu_timer.cuh"
#include "common/cub_helpers.cuh"
#include "common/options.hpp"
#include "common/results.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/cuda/segmented_sort/dispatch/policies.cuh"
#include "ordo/segmented_sort.hpp"

namespace ordo_bench {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

struct shape {
  std::string name;  // uniform | power_law
  nlohmann::json params;
  std::vector<u32> offsets;
};

shape uniform_shape(u64 n, u64 len) {
  shape s{"uniform", {{"shape", "uniform"}, {"len", len}}, {}};
  for (u64 b = 0; b < n; b += len) s.offsets.push_back(u32(b));
  s.offsets.push_back(u32(n));
  return s;
}

// Lengths drawn from P(l) ~ l^-alpha on [1, max] (inverse CDF over the
// discrete weights) until they cover n; the last one is cut to fit.
shape power_law_shape(u64 n, double alpha, u64 max, u64 seed) {
  shape s{"power_law", {{"shape", "power_law"}, {"alpha", alpha}, {"max", max}}, {}};
  std::vector<double> cdf(max);
  double acc = 0;
  for (u64 l = 1; l <= max; ++l) cdf[l - 1] = acc += std::pow(double(l), -alpha);
  std::mt19937_64 g(seed);
  u64 at = 0;
  s.offsets.push_back(0);
  while (at < n) {
    const double u = double(g() >> 11) * 0x1.0p-53 * acc;
    const u64 len = u64(std::lower_bound(cdf.begin(), cdf.end(), u) - cdf.begin()) + 1;
    at = std::min(n, at + len);
    s.offsets.push_back(u32(at));
  }
  return s;
}

std::vector<u32> random_u32(u64 n, u64 seed) {
  std::mt19937_64 g(seed);
  std::vector<u32> v(n);
  for (auto& x : v) x = u32(g());
  return v;
}

// keys_out sorted per segment and values_out[j] the (in-segment-stable)
// position its key came from; values may be null (keys only: multiset check
// skipped, order checked).
template <class V>
bool verify(const std::vector<u32>& keys, const std::vector<u32>& off, const std::vector<u32>& ko,
            const std::vector<V>* vo) {
  std::vector<char> seen(vo ? keys.size() : 0, 0);
  for (std::size_t s = 0; s + 1 < off.size(); ++s)
    for (u64 j = off[s]; j < off[s + 1]; ++j) {
      if (j > off[s] && ko[j] < ko[j - 1]) return false;
      if (!vo) continue;
      const u64 src = u64((*vo)[j]);
      if (src < off[s] || src >= off[s + 1] || seen[src] || keys[src] != ko[j]) return false;
      seen[src] = 1;
      if (j > off[s] && ko[j] == ko[j - 1] && u64((*vo)[j - 1]) > src) return false;
    }
  return true;
}

row make_row(const char* impl, const std::string& variant, const char* value, u64 n, const nlohmann::json& params,
             double ms, double floor, bool verified, bool is_default) {
  row r = timed_row("segmented_sort", impl, variant, "uint32", n, params, ms, floor, verified, is_default);
  r.value = value ? value : "";
  return r;
}

// host_sync = false (issue 32): the same call without a read-back, eager
// ("no_host_sync") and captured once into a CUDA graph that is then
// launched ("graph"); each verified, its status word included.
void bench_no_host_sync(results& res, const options& opt, const shape& s, const std::vector<u32>& keys,
                        const ordo::device_buffer<u32>& d_keys, const ordo::device_buffer<u32>& d_idx,
                        const ordo::segments<u32>& segments, ordo::device_buffer<u32>& ko,
                        ordo::device_buffer<u32>& vo, double floor, const nlohmann::json& params) {
  const u64 n = keys.size();
  ordo::device_buffer<std::uint64_t> status(1);
  ordo::segmented_sort_options o;
  o.host_sync = false;
  o.status = status.data();
  const auto checked = [&] {
    std::vector<std::uint64_t> st(1);
    status.download(st);
    const auto v = download(vo);
    return st[0] == ~0ull && verify(keys, s.offsets, download(ko), &v);
  };
  cudaStream_t st = nullptr;
  ORDO_CUDA_CHECK(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking));
  const ordo::cuda exec{st, nullptr};
  auto eager = [&] { ordo::segmented_sort(exec, d_keys.span(), ko.span(), d_idx.span(), vo.span(), segments, o); };
  eager();
  ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
  bool ok = checked();
  res.add(make_row("ordo", "no_host_sync", "uint32", n, params, median_ms(eager, opt.reps, st), floor, ok, false));
  cudaGraph_t graph = nullptr;
  cudaGraphExec_t g = nullptr;
  ORDO_CUDA_CHECK(cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal));
  eager();
  ORDO_CUDA_CHECK(cudaStreamEndCapture(st, &graph));
  ORDO_CUDA_CHECK(cudaGraphInstantiate(&g, graph, 0));
  auto replay = [&] { ORDO_CUDA_CHECK(cudaGraphLaunch(g, st)); };
  ORDO_CUDA_CHECK(cudaMemsetAsync(status.data(), 0, sizeof(std::uint64_t), st));
  ORDO_CUDA_CHECK(cudaMemsetAsync(vo.data(), 0, n * sizeof(u32), st));
  replay();
  ORDO_CUDA_CHECK(cudaStreamSynchronize(st));
  ok = checked();
  res.add(make_row("ordo", "graph", "uint32", n, params, median_ms(replay, opt.reps, st), floor, ok, false));
  ORDO_CUDA_CHECK(cudaGraphExecDestroy(g));
  ORDO_CUDA_CHECK(cudaGraphDestroy(graph));
  ORDO_CUDA_CHECK(cudaStreamDestroy(st));
}

void bench_shape(results& res, const options& opt, const shape& s, const std::vector<u32>& keys,
                 const ordo::device_buffer<u32>& d_keys, const ordo::device_buffer<u32>& d_idx, bool extras) {
  const u64 n = keys.size();
  const u64 segs = s.offsets.size() - 1;
  ordo::device_buffer<u32> d_off{std::span<const u32>(s.offsets)}, ko(n), vo(n);
  const auto segments = ordo::by_offsets(std::as_const(d_off).span());
  const double floor = copy_floor_ms(n * 4 * 4, opt.reps);
  nlohmann::json params = s.params;
  params["segments"] = segs;

  auto ordo_pairs = [&] {
    ordo::segmented_sort(ordo::cuda{}, d_keys.span(), ko.span(), d_idx.span(), vo.span(), segments);
  };
  ordo_pairs();
  const auto got_v = download(vo);
  const bool ok = verify(keys, s.offsets, download(ko), &got_v);
  res.add(make_row("ordo", "adaptive", "uint32", n, params, median_ms(ordo_pairs, opt.reps), floor, ok, true));
  bench_no_host_sync(res, opt, s, keys, d_keys, d_idx, segments, ko, vo, floor, params);
  u64 longest = 0;
  for (std::size_t i = 0; i + 1 < s.offsets.size(); ++i) longest = std::max<u64>(longest, s.offsets[i + 1] - s.offsets[i]);
  // The paper's binned path, for comparison, where the default differs from it
  // (short tiles for short segments, radix tiles past 256).
  if (longest <= u64(ordo::detail::segsort::short_tile_policy::max_len) || longest > 256) {
    ordo::segmented_sort_options binned;
    binned.path = ordo::segsort_path::binned;
    auto run = [&] {
      ordo::segmented_sort(ordo::cuda{}, d_keys.span(), ko.span(), d_idx.span(), vo.span(), segments, binned);
    };
    run();
    const auto v = download(vo);
    res.add(make_row("ordo", "binned", "uint32", n, params, median_ms(run, opt.reps), floor,
                     verify(keys, s.offsets, download(ko), &v), false));
  }

  cub_temp t;
  auto cub_pairs = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceSegmentedSort::SortPairs(p, b, d_keys.data(), ko.data(), d_idx.data(), vo.data(),
                                                 cub_count(n), std::int64_t(segs), d_off.data(), d_off.data() + 1);
    });
  };
  cub_pairs();
  const bool cub_ok = verify<u32>(keys, s.offsets, download(ko), nullptr);
  res.add(make_row("cub_segmented_sort", "SortPairs", "uint32", n, params, median_ms(cub_pairs, std::min(opt.reps, 3)),
                   floor, cub_ok, false));

  if (!extras) return;
  // 64-bit values: the positions widened.
  {
    std::vector<u64> idx64(n);
    for (u64 i = 0; i < n; ++i) idx64[i] = i;
    ordo::device_buffer<u64> d_i64{std::span<const u64>(idx64)}, vo64(n);
    auto run = [&] {
      ordo::segmented_sort(ordo::cuda{}, d_keys.span(), ko.span(), std::as_const(d_i64).span(), vo64.span(), segments);
    };
    run();
    // values are global positions: rebase for the check
    auto got = download(vo64);
    std::vector<u32> rel(n);
    for (u64 i = 0; i < n; ++i) rel[i] = u32(got[i]);
    const bool ok64 = verify(keys, s.offsets, download(ko), &rel);
    res.add(make_row("ordo", "adaptive", "uint64", n, params, median_ms(run, opt.reps),
                     copy_floor_ms(n * 12 * 2, opt.reps), ok64, true));
    auto cub64 = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceSegmentedSort::SortPairs(p, b, d_keys.data(), ko.data(), d_i64.data(), vo64.data(),
                                                   cub_count(n), std::int64_t(segs), d_off.data(), d_off.data() + 1);
      });
    };
    res.add(make_row("cub_segmented_sort", "SortPairs", "uint64", n, params, median_ms(cub64, std::min(opt.reps, 3)),
                     copy_floor_ms(n * 12 * 2, opt.reps), true, false));
  }
  // Keys only: the unstable bitonic path and the stable one.
  for (bool stable : {false, true}) {
    ordo::segmented_sort_options o;
    o.stable = stable;
    auto run = [&] { ordo::segmented_sort(ordo::cuda{}, d_keys.span(), ko.span(), segments, o); };
    run();
    const bool okk = verify<u32>(keys, s.offsets, download(ko), nullptr);
    res.add(make_row("ordo", stable ? "adaptive_stable" : "adaptive", nullptr, n, params, median_ms(run, opt.reps),
                     copy_floor_ms(n * 4 * 2, opt.reps), okk, !stable));
  }
  auto cub_keys = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceSegmentedSort::SortKeys(p, b, d_keys.data(), ko.data(), cub_count(n), std::int64_t(segs),
                                                d_off.data(), d_off.data() + 1);
    });
  };
  res.add(make_row("cub_segmented_sort", "SortKeys", nullptr, n, params, median_ms(cub_keys, std::min(opt.reps, 3)),
                   copy_floor_ms(n * 4 * 2, opt.reps), true, false));
}

// The CPU path: ordo::cpu{} (every thread) against a loop of std::sort over
// the segments' (key, value) pairs, one thread.
void bench_cpu(results& res, const options& opt, const shape& s, u64 n) {
  const auto keys = random_u32(n, 99);
  std::vector<u32> idx(n), ko(n), vo(n);
  for (u64 i = 0; i < n; ++i) idx[i] = u32(i);
  const auto segments = ordo::by_offsets(std::span<const u32>(s.offsets));
  auto run = [&] {
    ordo::segmented_sort(ordo::cpu{}, std::span<const u32>(keys), std::span<u32>(ko), std::span<const u32>(idx),
                         std::span<u32>(vo), segments);
  };
  run();
  const bool ok = verify(keys, s.offsets, ko, &vo);
  nlohmann::json params = s.params;
  params["segments"] = s.offsets.size() - 1;
  row r = make_row("ordo", "cpu", "uint32", n, params, median_ms_host(run, opt.cpu_reps), 0, ok, true);
  r.extra["threads"] = ordo::cpu{}.resolved_threads();
  res.add(r);
  std::vector<std::pair<u32, u32>> pairs;
  auto base = [&] {
    for (std::size_t g = 0; g + 1 < s.offsets.size(); ++g) {
      pairs.clear();
      for (u64 j = s.offsets[g]; j < s.offsets[g + 1]; ++j) pairs.push_back({keys[j], u32(j)});
      std::sort(pairs.begin(), pairs.end());
      for (u64 j = s.offsets[g]; j < s.offsets[g + 1]; ++j) ko[j] = pairs[j - s.offsets[g]].first, vo[j] = pairs[j - s.offsets[g]].second;
    }
  };
  row b = make_row("std_sort", "per_segment", "uint32", n, params, median_ms_host(base, opt.cpu_reps), 0, true, false);
  b.extra["threads"] = 1;
  res.add(b);
}

}  // namespace

void run_segsort(const options& opt) {
  results res("segmented_sort");
  const u64 n = opt.n;
  const auto keys = random_u32(n, 7);
  std::vector<u32> idx(n);
  for (u64 i = 0; i < n; ++i) idx[i] = u32(i);
  ordo::device_buffer<u32> d_keys{std::span<const u32>(keys)}, d_idx{std::span<const u32>(idx)};
  // Issue 32's yardstick: CUB's radix sort of all n pairs as one array. A
  // segmented sort knows more (the segments), so every shape should beat it.
  {
    ordo::device_buffer<u32> ko(n), vo(n);
    cub_temp t;
    auto full = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceRadixSort::SortPairs(p, b, d_keys.data(), ko.data(), d_idx.data(), vo.data(),
                                               cub_count(n));
      });
    };
    full();
    const std::vector<u32> whole{0, u32(n)};
    const auto got_v = download(vo);
    res.add(make_row("cub_radix_sort", "SortPairs", "uint32", n, {{"shape", "full_array"}},
                     median_ms(full, opt.reps), copy_floor_ms(n * 4 * 4, opt.reps),
                     verify(keys, whole, download(ko), &got_v), false));
  }
  // ORDO_SEGSORT_LENS=8192,65536 (a probe's shortcut): only those uniform lengths, no power law
  const char* only = std::getenv("ORDO_SEGSORT_LENS");
  if (only) {
    for (const char* p = only; *p;) {
      char* end = nullptr;
      const u64 len = std::strtoull(p, &end, 10);
      if (end == p) break;
      bench_shape(res, opt, uniform_shape(n, len), keys, d_keys, d_idx, false);
      p = *end == ',' ? end + 1 : end;
    }
    res.write(opt.out);
    return;
  }
  for (u64 len : {u64(2), u64(8), u64(32), u64(128), u64(512), u64(2048), u64(8192), u64(65536), u64(1) << 20})
    bench_shape(res, opt, uniform_shape(n, len), keys, d_keys, d_idx, len == 32 || len == 2048);
  for (double alpha : {0.5, 1.0, 1.5})
    for (u64 max : {50, 500, 2000})
      bench_shape(res, opt, power_law_shape(n, alpha, max, 11), keys, d_keys, d_idx, alpha == 1.0 && max == 500);
  if (opt.figures) {
    bench_shape(res, opt, uniform_shape(n, 1), keys, d_keys, d_idx, false);
    const u64 nc = std::min<u64>(n, u64(1) << 24);
    bench_cpu(res, opt, uniform_shape(nc, 32), nc);
    bench_cpu(res, opt, uniform_shape(nc, 2048), nc);
    bench_cpu(res, opt, power_law_shape(nc, 1.0, 500, 12), nc);
  }
  res.write(opt.out);
}

}  // namespace ordo_bench
