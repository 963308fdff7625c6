// The BSGP primitives (issue 6) against the CUB device-wide equivalents, one
// run, same buffers. Rows (capability names per bench-protocol.md):
//   sort_idx  2^26 random uint32: ordo merge_path / binary_search (perm only,
//             and perm + sorted keys) vs CUB DeviceMergeSort::SortPairs and
//             DeviceRadixSort::SortPairs on (key, index); Table 2's 2M/4M/8M
//   merge     two sorted 2^27 uint32 runs (keys, and key-value) vs CUB DeviceMerge
//   fork      2^24 parents, 2^28 children, skewed counts: load_balanced and
//             doubling vs scan + thrust::upper_bound (one search per child)
//   scan / reduce / compact / split   2^28 vs DeviceScan, DeviceReduce,
//             DeviceSelect, DevicePartition (and a radix pass for the K-way split)
#include <cub/device/device_merge.cuh>
#include <cub/device/device_merge_sort.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/binary_search.h>
#include <thrust/execution_policy.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/sequence.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <numeric>
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
#include "ordo/primitives.hpp"

namespace ordo_bench {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

std::vector<u32> random_u32(u64 n, u64 seed) {
  std::mt19937_64 g(seed);
  std::vector<u32> v(n);
  for (auto& x : v) x = u32(g());
  return v;
}

row make_row(const char* cap, const char* impl, const std::string& variant, const char* key, const char* value, u64 n,
             nlohmann::json params, double ms, double floor, bool verified, bool is_default = false) {
  row r = timed_row(cap, impl, variant, key, n, std::move(params), ms, floor, verified, is_default);
  r.value = value ? value : "";
  return r;
}

// perm is the stable sorting permutation of keys iff it is a permutation and
// consecutive entries are in (key, index) order.
bool is_stable_sort_perm(const std::vector<u32>& keys, const std::vector<u32>& perm) {
  std::vector<char> seen(keys.size(), 0);
  for (std::size_t i = 0; i < perm.size(); ++i) {
    if (perm[i] >= keys.size() || seen[perm[i]]) return false;
    seen[perm[i]] = 1;
    if (i && (keys[perm[i - 1]] > keys[perm[i]] || (keys[perm[i - 1]] == keys[perm[i]] && perm[i - 1] > perm[i])))
      return false;
  }
  return true;
}

void bench_sort_idx(results& res, const options& opt, u64 n, const char* fig) {
  const auto keys = random_u32(n, 7);
  ordo::device_buffer<u32> d_keys{std::span<const u32>(keys)}, perm(n), sorted(n);
  ordo::device_buffer<u32> ck(n), cv(n), ck2(n), cv2(n);
  const double floor = copy_floor_ms(n * 4 * 3, opt.reps);  // read keys, write perm and keys
  const nlohmann::json params = {{"fig", fig}};
  const auto chosen = ordo::chosen_variant<u32, ordo::less>(ordo::cuda{}, ordo::sort_idx_variant::automatic, n);
  for (auto v : {ordo::sort_idx_variant::sample_sort, ordo::sort_idx_variant::merge_path,
                 ordo::sort_idx_variant::binary_search})
    for (bool want_keys : {false, true}) {
      if (v == ordo::sort_idx_variant::binary_search && (n > (u64(1) << 26) || std::string(fig) == "sizes")) continue;
      auto run = [&] {
        ordo::sort_idx(ordo::cuda{}, std::as_const(d_keys).span(), perm.span(),
                       want_keys ? sorted.span() : std::span<u32>(), ordo::less{}, {.variant = v});
      };
      ORDO_CUDA_CHECK(cudaMemset(perm.data(), 0xff, n * 4));
      run();
      const bool ok = is_stable_sort_perm(keys, download(perm));
      const double ms = median_ms(run, opt.reps);
      res.add(make_row("sort_idx", "ordo", std::string(ordo::to_string(v)) + (want_keys ? "+keys" : ""), "uint32",
                       "uint32", n, params, ms, floor, ok, v == chosen && !want_keys));
    }
  // CUB on (key, index): sorts in place, so the input is restored (untimed) before each run.
  cub_temp t;
  auto prep = [&] {
    ORDO_CUDA_CHECK(cudaMemcpyAsync(ck.data(), d_keys.data(), n * 4, cudaMemcpyDeviceToDevice));
    thrust::sequence(thrust::device, cv.data(), cv.data() + n, 0u);
  };
  auto merge_sort = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceMergeSort::SortPairs(p, b, ck.data(), cv.data(), cub_count(n), ordo::less{});
    });
  };
  prep();
  merge_sort();
  bool ok = is_stable_sort_perm(keys, download(cv));
  res.add(make_row("sort_idx", "cub_merge_pairs", "DeviceMergeSort::SortPairs", "uint32", "uint32", n, params,
                   median_ms_prepared(prep, merge_sort, opt.reps), floor, ok));
  auto radix = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceRadixSort::SortPairs(p, b, ck.data(), ck2.data(), cv.data(), cv2.data(), cub_count(n));
    });
  };
  prep();
  radix();
  ok = is_stable_sort_perm(keys, download(cv2));
  res.add(make_row("sort_idx", "cub_radix_pairs", "DeviceRadixSort::SortPairs", "uint32", "uint32", n, params,
                   median_ms_prepared(prep, radix, opt.reps), floor, ok));
}

void bench_merge(results& res, const options& opt, u64 half) {
  auto a = random_u32(half, 11), b = random_u32(half, 12);
  std::sort(a.begin(), a.end());
  std::sort(b.begin(), b.end());
  std::vector<u32> want(2 * half);
  std::merge(a.begin(), a.end(), b.begin(), b.end(), want.begin());
  ordo::device_buffer<u32> da{std::span<const u32>(a)}, db{std::span<const u32>(b)}, out(2 * half);
  ordo::device_buffer<u32> av(half), bv(half), outv(2 * half);
  thrust::sequence(thrust::device, av.data(), av.data() + half, 0u);
  thrust::sequence(thrust::device, bv.data(), bv.data() + half, u32(half));
  const u64 n = 2 * half;
  const double floor_k = copy_floor_ms(n * 4 * 2, opt.reps), floor_kv = copy_floor_ms(n * 8 * 2, opt.reps);
  auto keys_run = [&] {
    ordo::merge(ordo::cuda{}, std::as_const(da).span(), std::as_const(db).span(), out.span());
  };
  keys_run();
  res.add(make_row("merge", "ordo", "merge_path", "uint32", nullptr, n, {}, median_ms(keys_run, opt.reps), floor_k,
                   download(out) == want, true));
  auto kv_run = [&] {
    ordo::merge(ordo::cuda{}, std::as_const(da).span(), std::as_const(av).span(), std::as_const(db).span(),
                std::as_const(bv).span(), out.span(), outv.span());
  };
  ORDO_CUDA_CHECK(cudaMemset(out.data(), 0, n * 4));
  kv_run();
  res.add(make_row("merge", "ordo", "merge_path", "uint32", "uint32", n, {}, median_ms(kv_run, opt.reps), floor_kv,
                   download(out) == want, true));
  cub_temp t;
  auto cub_keys = [&] {
    t.run([&](void* p, std::size_t& bytes) {
      return cub::DeviceMerge::MergeKeys(p, bytes, da.data(), std::int64_t(half), db.data(), std::int64_t(half),
                                         out.data(), ordo::less{});
    });
  };
  ORDO_CUDA_CHECK(cudaMemset(out.data(), 0, n * 4));
  cub_keys();
  res.add(make_row("merge", "cub_merge_keys", "DeviceMerge::MergeKeys", "uint32", nullptr, n, {},
                   median_ms(cub_keys, opt.reps), floor_k, download(out) == want));
  auto cub_kv = [&] {
    t.run([&](void* p, std::size_t& bytes) {
      return cub::DeviceMerge::MergePairs(p, bytes, da.data(), av.data(), std::int64_t(half), db.data(), bv.data(),
                                          std::int64_t(half), out.data(), outv.data(), ordo::less{});
    });
  };
  ORDO_CUDA_CHECK(cudaMemset(out.data(), 0, n * 4));
  cub_kv();
  res.add(make_row("merge", "cub_merge_pairs", "DeviceMerge::MergePairs", "uint32", "uint32", n, {},
                   median_ms(cub_kv, opt.reps), floor_kv, download(out) == want));
}

// Skewed counts: a power law (most parents few children, some thousands),
// scaled so they add up to exactly `children`.
std::vector<u32> skewed_counts(u64 parents, u64 children, u64 seed) {
  std::mt19937_64 g(seed);
  std::uniform_real_distribution<double> u(1e-9, 1.0);
  std::vector<double> w(parents);
  double sum = 0;
  for (auto& x : w) sum += (x = std::min(1e4, std::pow(u(g), -1.2)));
  std::vector<u32> c(parents);
  u64 total = 0;
  for (u64 i = 0; i < parents; ++i) total += (c[i] = u32(w[i] / sum * double(children)));
  for (u64 i = 0; total < children; i = (i + 7919) % parents, ++total) ++c[i];
  return c;
}

struct child_parent {  // the baseline: one binary search per child over the inclusive offsets
  const u64* ends;
  u64 np;
  __device__ u32 operator()(u64 c) const {
    u64 lo = 0, hi = np;
    while (lo < hi) {
      const u64 mid = (lo + hi) / 2;
      if (ends[mid] <= c) lo = mid + 1;
      else hi = mid;
    }
    return u32(lo);
  }
};
__global__ void baseline_fork_kernel(child_parent f, const u64* ends, u64 nc, u32* parent, u32* sibling) {
  for (u64 c = u64(blockIdx.x) * blockDim.x + threadIdx.x; c < nc; c += u64(gridDim.x) * blockDim.x) {
    const u32 p = f(c);
    parent[c] = p;
    sibling[c] = u32(c - (p ? ends[p - 1] : 0));
  }
}

void bench_fork(results& res, const options& opt, u64 np, u64 nc) {
  const auto counts = skewed_counts(np, nc, 5);
  std::vector<u32> want_p(nc), want_s(nc);
  for (u64 p = 0, c = 0; p < np; ++p)
    for (u32 k = 0; k < counts[p]; ++k, ++c) want_p[c] = u32(p), want_s[c] = k;
  const u32 max_m = *std::max_element(counts.begin(), counts.end());
  ordo::device_buffer<u32> d_counts{std::span<const u32>(counts)}, parent(nc), sibling(nc);
  const double floor = copy_floor_ms(np * 4 + nc * 8, opt.reps);
  const nlohmann::json params = {{"parents", np}, {"max_m", max_m}, {"dist", "power_law"}};
  for (auto v : {ordo::fork_variant::load_balanced, ordo::fork_variant::doubling}) {
    auto run = [&] {
      ordo::fork(ordo::cuda{}, std::as_const(d_counts).span(), parent.span(), sibling.span(), {.variant = v});
    };
    ORDO_CUDA_CHECK(cudaMemset(parent.data(), 0xff, nc * 4));
    run();
    const bool ok = download(parent) == want_p && download(sibling) == want_s;
    res.add(make_row("fork", "ordo", ordo::to_string(v), "uint32", "uint32", nc, params,
                     median_ms(run, v == ordo::fork_variant::doubling ? 3 : opt.reps), floor, ok,
                     v == ordo::fork_variant::load_balanced));
  }
  // What a CUB/Thrust user writes: inclusive scan of the counts, then one
  // binary search per child.
  ordo::device_buffer<u64> ends(np);
  cub_temp t;
  auto base = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceScan::InclusiveScan(p, b, d_counts.data(), ends.data(), ::cuda::std::plus<u64>{},
                                            cub_count(np));
    });
    baseline_fork_kernel<<<4096, 256>>>(child_parent{ends.data(), np}, ends.data(), nc, parent.data(),
                                        sibling.data());
    ORDO_CUDA_LAUNCH_CHECK("baseline_fork_kernel");
  };
  ORDO_CUDA_CHECK(cudaMemset(parent.data(), 0xff, nc * 4));
  base();
  const bool ok = download(parent) == want_p && download(sibling) == want_s;
  res.add(make_row("fork", "cub_scan_search", "scan+binary search per child", "uint32", "uint32", nc, params,
                   median_ms(base, opt.reps), floor, ok));
}

void bench_scan_family(results& res, const options& opt, u64 n) {
  std::vector<u32> in(n);
  {
    std::mt19937_64 g(3);
    for (auto& x : in) x = u32(g() & 15);
  }
  std::vector<std::uint8_t> flags(n);
  {
    std::mt19937_64 g(4);
    for (auto& f : flags) f = std::uint8_t(g() & 1);
  }
  ordo::device_buffer<u32> d_in{std::span<const u32>(in)}, out(n);
  ordo::device_buffer<std::uint8_t> d_flags{std::span<const std::uint8_t>(flags)};
  ordo::device_buffer<u64> count(1);
  cub_temp t;
  const double floor_scan = copy_floor_ms(n * 8, opt.reps);
  // scan: inclusive and exclusive
  std::vector<u32> want(n);
  std::inclusive_scan(in.begin(), in.end(), want.begin());
  auto scan_run = [&] { ordo::scan(ordo::cuda{}, std::as_const(d_in).span(), out.span()); };
  scan_run();
  res.add(make_row("scan", "ordo", "inclusive (cub)", "uint32", nullptr, n, {}, median_ms(scan_run, opt.reps),
                   floor_scan, download(out) == want, true));
  auto cub_scan = [&] {
    t.run([&](void* p, std::size_t& b) { return cub::DeviceScan::InclusiveSum(p, b, d_in.data(), out.data(), cub_count(n)); });
  };
  cub_scan();
  res.add(make_row("scan", "cub_scan", "DeviceScan::InclusiveSum", "uint32", nullptr, n, {},
                   median_ms(cub_scan, opt.reps), floor_scan, download(out) == want));
  std::exclusive_scan(in.begin(), in.end(), want.begin(), 0u);
  auto escan = [&] {
    ordo::scan(ordo::cuda{}, std::as_const(d_in).span(), out.span(), ordo::plus{}, {.kind = ordo::scan_kind::exclusive});
  };
  escan();
  res.add(make_row("scan", "ordo", "exclusive (cub)", "uint32", nullptr, n, {{"kind", "exclusive"}},
                   median_ms(escan, opt.reps), floor_scan, download(out) == want, true));
  auto cub_escan = [&] {
    t.run([&](void* p, std::size_t& b) { return cub::DeviceScan::ExclusiveSum(p, b, d_in.data(), out.data(), cub_count(n)); });
  };
  res.add(make_row("scan", "cub_scan", "DeviceScan::ExclusiveSum", "uint32", nullptr, n, {{"kind", "exclusive"}},
                   median_ms(cub_escan, opt.reps), floor_scan, true));
  // segmented by head flags (a head every ~1000 elements)
  std::vector<std::uint8_t> heads(n, 0);
  for (u64 i = 0; i < n; i += 997) heads[i] = 1;
  ordo::device_buffer<std::uint8_t> d_heads{std::span<const std::uint8_t>(heads)};
  u32 acc = 0;
  for (u64 i = 0; i < n; ++i) want[i] = acc = (heads[i] ? 0 : acc) + in[i];
  auto sscan = [&] {
    ordo::scan(ordo::cuda{}, std::as_const(d_in).span(), out.span(), ordo::plus{},
               {.head_flags = std::as_const(d_heads).span()});
  };
  sscan();
  const double floor_seg = copy_floor_ms(n * 9, opt.reps);
  res.add(make_row("scan", "ordo", "segmented (single pass)", "uint32", nullptr, n, {{"kind", "segmented"}},
                   median_ms(sscan, opt.reps), floor_seg, download(out) == want, true));
  // The same segments as keys (a segment id per element), what
  // cub::DeviceScan::InclusiveScanByKey takes.
  {
    std::vector<u32> seg_id(n);
    u32 id = 0;
    for (u64 i = 0; i < n; ++i) seg_id[i] = id += heads[i] && i ? 1 : 0;
    ordo::device_buffer<u32> d_ids{std::span<const u32>(seg_id)};
    auto by_key = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceScan::InclusiveScanByKey(p, b, d_ids.data(), d_in.data(), out.data(), ::cuda::std::plus<>{},
                                                   cub_count(n));
      });
    };
    by_key();
    res.add(make_row("scan", "cub_scan_by_key", "DeviceScan::InclusiveScanByKey (segment ids)", "uint32", nullptr, n,
                     {{"kind", "segmented"}}, median_ms(by_key, opt.reps), floor_seg, download(out) == want));
  }
  // Exclusive with an init that is not the identity (the general path).
  for (u64 i = 0; i < n; ++i) want[i] = heads[i] ? 7u : want[i - 1] + in[i - 1];
  auto escan_seg = [&] {
    ordo::scan(ordo::cuda{}, std::as_const(d_in).span(), out.span(), ordo::plus{}, u32(7),
               {.kind = ordo::scan_kind::exclusive, .head_flags = std::as_const(d_heads).span()});
  };
  escan_seg();
  res.add(make_row("scan", "ordo", "segmented exclusive, init 7", "uint32", nullptr, n, {{"kind", "segmented_exclusive"}},
                   median_ms(escan_seg, opt.reps), floor_seg, download(out) == want, true));
  // reduce
  const u64 total = std::accumulate(in.begin(), in.end(), u64(0));
  ordo::device_buffer<u32> r1(1);
  auto red = [&] { ordo::reduce(ordo::cuda{}, std::as_const(d_in).span(), r1.span()); };
  red();
  const double floor_red = copy_floor_ms(n * 4, opt.reps);
  res.add(make_row("reduce", "ordo", "cub", "uint32", nullptr, n, {}, median_ms(red, opt.reps), floor_red,
                   download(r1)[0] == u32(total), true));
  auto cub_red = [&] {
    t.run([&](void* p, std::size_t& b) { return cub::DeviceReduce::Sum(p, b, d_in.data(), r1.data(), cub_count(n)); });
  };
  res.add(make_row("reduce", "cub_reduce", "DeviceReduce::Sum", "uint32", nullptr, n, {}, median_ms(cub_red, opt.reps),
                   floor_red, true));
  // compact by flags, p = 0.5
  std::vector<u32> kept;
  for (u64 i = 0; i < n; ++i)
    if (flags[i]) kept.push_back(in[i]);
  const double floor_compact = copy_floor_ms(n * 5 + kept.size() * 4, opt.reps);
  auto comp = [&] {
    ordo::compact(ordo::cuda{}, std::as_const(d_in).span(), std::as_const(d_flags).span(), out.span(), count.span());
  };
  comp();
  auto got = download(out);
  got.resize(kept.size());
  res.add(make_row("compact", "ordo", "flags (cub)", "uint32", nullptr, n, {{"p", 0.5}}, median_ms(comp, opt.reps),
                   floor_compact, got == kept && download(count)[0] == kept.size(), true));
  auto cub_comp = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceSelect::Flagged(p, b, d_in.data(), d_flags.data(), out.data(), count.data(), cub_count(n));
    });
  };
  res.add(make_row("compact", "cub_select", "DeviceSelect::Flagged", "uint32", nullptr, n, {{"p", 0.5}},
                   median_ms(cub_comp, opt.reps), floor_compact, true));
  // split by flags (stable both sides) vs CUB's partition (rejected part reversed)
  std::vector<u32> want_split;
  for (int side = 0; side < 2; ++side)
    for (u64 i = 0; i < n; ++i)
      if ((flags[i] != 0) == (side == 1)) want_split.push_back(in[i]);
  const double floor_split = copy_floor_ms(n * 9, opt.reps);
  auto spl = [&] {
    ordo::split(ordo::cuda{}, std::as_const(d_in).span(), std::as_const(d_flags).span(), out.span(), count.span());
  };
  spl();
  res.add(make_row("split", "ordo", "flags", "uint32", nullptr, n, {{"k", 2}}, median_ms(spl, opt.reps), floor_split,
                   download(out) == want_split, true));
  auto cub_part = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DevicePartition::Flagged(p, b, d_in.data(), d_flags.data(), out.data(), count.data(), cub_count(n));
    });
  };
  res.add(make_row("split", "cub_partition", "DevicePartition::Flagged (unstable 2nd part)", "uint32", nullptr, n,
                   {{"k", 2}}, median_ms(cub_part, opt.reps), floor_split, true));
  // K-way split vs one 8-bit radix pass (CUB SortPairs over the bucket byte)
  for (unsigned k : {16u, 256u}) {
    std::vector<std::uint8_t> bucket(n);
    std::mt19937_64 g(k);
    for (auto& x : bucket) x = std::uint8_t(g() % k);
    std::vector<u64> off;
    std::vector<u32> want_k(n);
    {
      std::vector<u64> c(k + 1, 0);
      for (auto x : bucket) ++c[x + 1];
      for (unsigned b = 0; b < k; ++b) c[b + 1] += c[b];
      off = c;
      for (u64 i = 0; i < n; ++i) want_k[c[bucket[i]]++] = in[i];
    }
    ordo::device_buffer<std::uint8_t> d_b{std::span<const std::uint8_t>(bucket)}, b2(n);
    ordo::device_buffer<u64> d_off(k + 1);
    auto ks = [&] {
      ordo::split(ordo::cuda{}, std::as_const(d_in).span(), std::as_const(d_b).span(), k, out.span(), d_off.span());
    };
    ks();
    res.add(make_row("split", "ordo", "multiway", "uint32", nullptr, n, {{"k", k}}, median_ms(ks, opt.reps),
                     floor_split, download(out) == want_k && download(d_off) == off, true));
    auto radix = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceRadixSort::SortPairs(p, b, d_b.data(), b2.data(), d_in.data(), out.data(), cub_count(n), 0,
                                               k == 16 ? 4 : 8);
      });
    };
    radix();
    res.add(make_row("split", "cub_radix_pairs", "DeviceRadixSort::SortPairs (bucket bits)", "uint32", nullptr, n,
                     {{"k", k}}, median_ms(radix, opt.reps), floor_split, download(out) == want_k));
  }
}

void bench_cpu(results& res, const options& opt, u64 n) {
  const auto keys = random_u32(n, 9);
  std::vector<u32> perm(n);
  const double ms = median_ms_host(
      [&] { ordo::sort_idx(ordo::cpu{}, std::span<const u32>(keys), std::span<u32>(perm)); }, opt.cpu_reps);
  res.add(make_row("sort_idx", "ordo", "cpu merge_path", "uint32", "uint32", n, {{"threads", ordo::cpu{}.resolved_threads()}},
                   ms, 0, is_stable_sort_perm(keys, perm), true));
  std::vector<u32> p2(n);
  const double ms2 = median_ms_host(
      [&] {
        std::iota(p2.begin(), p2.end(), 0u);
        std::stable_sort(p2.begin(), p2.end(), [&](u32 a, u32 b) { return keys[a] < keys[b]; });
      },
      opt.cpu_reps);
  res.add(make_row("sort_idx", "std_sort", "std::stable_sort of indices", "uint32", "uint32", n, {}, ms2, 0,
                   p2 == perm));
}

}  // namespace

void run_primitives(const options& opt) {
  results res("primitives");
  const u64 n = opt.n;  // 2^28 by default
  bench_sort_idx(res, opt, n >> 2, "target");
  bench_merge(res, opt, n >> 1);
  bench_fork(res, opt, n >> 4, n);
  bench_scan_family(res, opt, n);
  if (opt.figures) {
    for (u64 m : {u64(2) << 20, u64(4) << 20, u64(8) << 20}) bench_sort_idx(res, opt, m, "table2");
    // Where sample_sort starts to beat merge_path (the automatic threshold).
    for (u64 m : {u64(1) << 16, u64(1) << 18, u64(1) << 19, u64(1) << 20}) bench_sort_idx(res, opt, m, "sizes");
    bench_cpu(res, opt, n >> 4);
  }
  res.write(opt.out);
}

}  // namespace ordo_bench
