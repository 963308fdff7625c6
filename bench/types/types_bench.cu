// Every capability on every key type (issue 32): int32 (the reference row of
// the other suites), int64, uint64, float32 and float64 keys, 64-bit values
// where a capability takes values. Each ordo row has its CUB baseline on the
// same type and data, in the same run, and its copy floor. Outputs are
// checked on the device against the baseline's (element by element).
//
//   sort           sort_copy keys            vs DeviceRadixSort::SortKeys
//   sort_pairs     sort_copy (key, uint64)   vs DeviceRadixSort::SortPairs
//   sort_idx       perm (uint32)             vs DeviceRadixSort::SortPairs (key, index)
//   rank           min, unsorted keys        vs SortPairs (key, index) alone, and the CUB
//                                               composition (SortPairs, max-scan, scatter)
//   rank_sorted    min, sorted keys          vs the max-scan composition
//   segmented_sort (key, uint64), offsets of 1024-key segments
//                                            vs DeviceSegmentedSort::SortPairs and the
//                                               full-array SortPairs of the same n
//   merge          keys, (key, uint64)       vs DeviceMerge::MergeKeys / MergePairs
//   scan, reduce   plus (integers), maximum (floats: exact to compare)
//                                            vs DeviceScan / DeviceReduce
//   compact, split the key's bytes as a word vs DeviceSelect::Flagged, DevicePartition::Flagged,
//                                               SortPairs on the bucket bits (16, 256 ways)
//   topk           k = 1024 largest          vs SortPairs descending (key, index)
//
// Keys: a hash of the index, integers over their whole range, floats spread
// over +-2^32 with 20 fraction bits (no NaN and no -0.0, whose order CUB's
// radix sort and ordo define differently: ordo's NaN rows are in the tests).
#include <cub/device/device_merge.cuh>
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cub/device/device_select.cuh>
#include <thrust/copy.h>
#include <thrust/equal.h>
#include <thrust/execution_policy.h>
#include <thrust/scatter.h>
#include <thrust/sequence.h>
#include <cuda/functional>

#include <cstdint>
#include <cstdio>
#include <string>
#include <type_traits>

#include "baselines/cub_rank_scan.cuh"
#include "common/cub_helpers.cuh"
#include "common/gpu_timer.cuh"
#include "common/cub_count.hpp"
#include "common/options.hpp"
#include "common/results.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rank.hpp"
#include "ordo/rough_sort.hpp"
#include "ordo/segmented_sort.hpp"
#include "ordo/topk.hpp"

namespace ordo_bench {
namespace {

using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

__host__ __device__ inline u64 mix(u64 x) {  // splitmix64's finaliser
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

template <class K>
__device__ K key_of(u64 h) {
  if constexpr (std::is_floating_point_v<K>) {
    const double v = double(std::int64_t(h >> 12) - (std::int64_t(1) << 51)) * 0x1p-20;  // +-2^31, 20 fraction bits
    return v == 0 ? K(1) : K(v);
  } else {
    return K(h);
  }
}

template <class K>
__global__ void fill_keys(K* keys, u64 n, u64 seed) {
  for (u64 i = blockIdx.x * u64(blockDim.x) + threadIdx.x; i < n; i += u64(gridDim.x) * blockDim.x)
    keys[i] = key_of<K>(mix(i ^ (seed << 40)));
}
__global__ void fill_bytes(u8* out, u64 n, u64 seed, unsigned modulo) {
  for (u64 i = blockIdx.x * u64(blockDim.x) + threadIdx.x; i < n; i += u64(gridDim.x) * blockDim.x)
    out[i] = u8(mix(i ^ (seed << 40)) % modulo);
}

// Head flags every `every` elements and the same segments as ids (what
// cub::DeviceScan::InclusiveScanByKey takes).
__global__ void fill_segments(u8* heads, std::uint32_t* ids, u64 n, u64 every) {
  for (u64 i = blockIdx.x * u64(blockDim.x) + threadIdx.x; i < n; i += u64(gridDim.x) * blockDim.x) {
    heads[i] = u8(i % every == 0);
    ids[i] = std::uint32_t(i / every);
  }
}

template <class T>
bool same_bits(const ordo::device_buffer<T>& a, const ordo::device_buffer<T>& b, u64 n) {
  using W = std::conditional_t<sizeof(T) == 8, u64, u32>;
  const W* x = reinterpret_cast<const W*>(a.data());
  const W* y = reinterpret_cast<const W*>(b.data());
  return thrust::equal(thrust::device, x, x + n, y);
}

struct not_zero {
  __device__ bool operator()(u8 f) const { return f != 0; }
};
struct is_zero {
  __device__ bool operator()(u8 f) const { return f == 0; }
};

template <class K>
struct suite {
  results& res;
  const options& opt;
  u64 n;
  int cn;  // the item count CUB's baselines get (common/cub_count.hpp)
  const char* key = ordo::type_name<K>();
  ordo::device_buffer<K> keys, sorted, kout, kref;
  ordo::device_buffer<u64> vin, vout, vref;
  cub_temp t;

  suite(results& r, const options& o, u64 n_)
      : res(r), opt(o), n(n_), cn(cub_count(n_)), keys(n_), sorted(n_), kout(n_), kref(n_), vin(n_), vout(n_), vref(n_) {
    fill_keys<K><<<4096, 256>>>(keys.data(), n, 1);
    ORDO_CUDA_LAUNCH_CHECK("fill_keys");
    thrust::sequence(thrust::device, vin.data(), vin.data() + n, u64(0));
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceRadixSort::SortKeys(p, b, keys.data(), sorted.data(), cn);
    });
  }

  void add(const char* cap, const char* impl, const std::string& variant, const char* value, nlohmann::json params,
           double ms, double floor, bool verified, bool is_default) {
    row r = timed_row(cap, impl, variant, key, n, std::move(params), ms, floor, verified, is_default);
    r.value = value ? value : "";
    print_and_add(res, r);
  }

  void sort_rows() {
    const double floor_k = copy_floor_ms(n * sizeof(K) * 2, opt.reps);
    auto ordo_keys = [&] { ordo::sort_copy(ordo::cuda{}, std::as_const(keys).span(), kout.span()); };
    ordo_keys();
    add("sort", "ordo", "automatic", nullptr, {}, median_ms(ordo_keys, opt.reps), floor_k, same_bits(kout, sorted, n),
        true);
    auto cub_keys = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceRadixSort::SortKeys(p, b, keys.data(), kref.data(), cn);
      });
    };
    add("sort", "cub_radix", "DeviceRadixSort::SortKeys", nullptr, {}, median_ms(cub_keys, opt.reps), floor_k, true,
        false);
    // Where the time goes: ordo's radix variant (no roughsort probe), and
    // CUB's SortKeys with a 64-bit item count (its 64-bit offset path).
    auto ordo_radix = [&] {
      ordo::sort_copy(ordo::cuda{}, std::as_const(keys).span(), kout.span(),
                      ordo::sort_options{ordo::sort_order::ascending, ordo::sort_variant::radix_sort});
    };
    ordo_radix();
    add("sort", "ordo", "radix_sort", nullptr, {}, median_ms(ordo_radix, opt.reps), floor_k, same_bits(kout, sorted, n),
        false);
    auto cub_keys64 = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceRadixSort::SortKeys(p, b, keys.data(), kref.data(), std::int64_t(n));
      });
    };
    add("sort", "cub_radix", "DeviceRadixSort::SortKeys (64-bit count)", nullptr, {}, median_ms(cub_keys64, opt.reps),
        floor_k, true, false);
    const double floor_kv = copy_floor_ms(n * (sizeof(K) + 8) * 2, opt.reps);
    auto ordo_pairs = [&] {
      ordo::sort_copy(ordo::cuda{}, std::as_const(keys).span(), kout.span(), std::as_const(vin).span(), vout.span());
    };
    auto cub_pairs = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceRadixSort::SortPairs(p, b, keys.data(), kref.data(), vin.data(), vref.data(),
                                               cn);
      });
    };
    ordo_pairs();
    cub_pairs();
    add("sort_pairs", "ordo", "automatic", "uint64", {}, median_ms(ordo_pairs, opt.reps), floor_kv,
        same_bits(kout, kref, n) && same_bits(vout, vref, n), true);
    add("sort_pairs", "cub_radix_pairs", "DeviceRadixSort::SortPairs", "uint64", {}, median_ms(cub_pairs, opt.reps),
        floor_kv, true, false);
    // sort_idx: a uint32 permutation against CUB's sort of (key, index).
    ordo::device_buffer<u32> perm(n), idx(n), idx_out(n);
    thrust::sequence(thrust::device, idx.data(), idx.data() + n, 0u);
    const double floor_p = copy_floor_ms(n * (sizeof(K) + 4), opt.reps);
    auto ordo_idx = [&] { ordo::sort_idx(ordo::cuda{}, std::as_const(keys).span(), perm.span()); };
    auto cub_idx = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceRadixSort::SortPairs(p, b, keys.data(), kref.data(), idx.data(), idx_out.data(),
                                               cn);
      });
    };
    ordo_idx();
    cub_idx();
    add("sort_idx", "ordo", "automatic", "uint32", {}, median_ms(ordo_idx, opt.reps), floor_p,
        same_bits(perm, idx_out, n), true);
    add("sort_idx", "cub_radix_pairs", "DeviceRadixSort::SortPairs (key, index)", "uint32", {},
        median_ms(cub_idx, opt.reps), floor_p, true, false);
  }

  void rank_rows() {
    ordo::device_buffer<u32> ranks(n), want(n), sorted_ranks(n), idx(n), idx_out(n);
    thrust::sequence(thrust::device, idx.data(), idx.data() + n, 0u);
    const nlohmann::json params{{"method", "min"}};
    const double floor_r = copy_floor_ms(n * (sizeof(K) + 4), opt.reps);
    auto sort_pairs = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceRadixSort::SortPairs(p, b, keys.data(), kref.data(), idx.data(), idx_out.data(),
                                               cn);
      });
    };
    cub_rank_scan<K, u32> scan(kref.data(), sorted_ranks.data(), u32(n), false);
    auto compose = [&] {
      sort_pairs();
      scan();
      thrust::scatter(thrust::device, sorted_ranks.data(), sorted_ranks.data() + n, idx_out.data(), want.data());
    };
    compose();
    const ordo::rank_options o{ordo::rank_method::min};
    auto ordo_rank = [&] { ordo::rank(ordo::cuda{}, std::as_const(keys).span(), ranks.span(), o); };
    ordo_rank();
    add("rank", "ordo", "automatic", "uint32", params, median_ms(ordo_rank, opt.reps), floor_r,
        same_bits(ranks, want, n), true);
    add("rank", "cub_radix_pairs", "SortPairs(key, index) only", "uint32", params, median_ms(sort_pairs, opt.reps),
        floor_r, false, false);
    add("rank", "cub_composition", "SortPairs+max-scan+scatter", "uint32", params, median_ms(compose, opt.reps),
        floor_r, true, false);
    // rank_sorted over the sorted keys
    auto ordo_sorted = [&] { ordo::rank_sorted(ordo::cuda{}, std::as_const(sorted).span(), ranks.span()); };
    cub_rank_scan<K, u32> scan_sorted(sorted.data(), want.data(), u32(n), false);
    scan_sorted();
    ordo_sorted();
    add("rank_sorted", "ordo", "automatic", "uint32", params, median_ms(ordo_sorted, opt.reps), floor_r,
        same_bits(ranks, want, n), true);
    add("rank_sorted", "cub_scan", "max-scan of head ranks", "uint32", params,
        median_ms([&] { scan_sorted(); }, opt.reps), floor_r, true, false);
  }

  void segmented_sort_rows() {
    const u64 len = 1024, segs = (n + len - 1) / len;
    std::vector<u64> off(segs + 1);
    for (u64 s = 0; s <= segs; ++s) off[s] = std::min(n, s * len);
    ordo::device_buffer<u64> d_off{std::span<const u64>(off)};
    const auto segments = ordo::by_offsets(std::as_const(d_off).span());
    const nlohmann::json params{{"segments", segs}, {"length", len}, {"form", "offsets"}};
    const double floor = copy_floor_ms(n * (sizeof(K) + 8) * 2, opt.reps);
    auto ordo_run = [&] {
      ordo::segmented_sort(ordo::cuda{}, std::as_const(keys).span(), kout.span(), std::as_const(vin).span(),
                           vout.span(), segments);
    };
    auto stable = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceSegmentedSort::StableSortPairs(p, b, keys.data(), kref.data(), vin.data(), vref.data(),
                                                         cn, std::int64_t(segs), d_off.data(),
                                                         d_off.data() + 1);
      });
    };
    ordo_run();
    stable();
    add("segmented_sort", "ordo", "automatic", "uint64", params, median_ms(ordo_run, opt.reps), floor,
        same_bits(kout, kref, n) && same_bits(vout, vref, n), true);
    auto cub_seg = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceSegmentedSort::SortPairs(p, b, keys.data(), kref.data(), vin.data(), vref.data(),
                                                   cn, std::int64_t(segs), d_off.data(),
                                                   d_off.data() + 1);
      });
    };
    add("segmented_sort", "cub_segmented_sort", "DeviceSegmentedSort::SortPairs", "uint64", params,
        median_ms(cub_seg, opt.reps), floor, true, false);
    auto full = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceRadixSort::SortPairs(p, b, keys.data(), kref.data(), vin.data(), vref.data(),
                                               cn);
      });
    };
    add("segmented_sort", "cub_radix_pairs", "DeviceRadixSort::SortPairs (whole array)", "uint64", params,
        median_ms(full, opt.reps), floor, true, false);
  }

  void merge_rows() {
    // Two sorted runs of n/2: the sorted halves of two independent key sets.
    const u64 half = n / 2, m = 2 * half;
    ordo::device_buffer<K> a(half), b(half), ua(half), ub(half);
    fill_keys<K><<<4096, 256>>>(ua.data(), half, 2);
    fill_keys<K><<<4096, 256>>>(ub.data(), half, 3);
    ORDO_CUDA_LAUNCH_CHECK("fill_keys");
    t.run([&](void* p, std::size_t& bytes) {
      return cub::DeviceRadixSort::SortKeys(p, bytes, ua.data(), a.data(), std::int64_t(half));
    });
    t.run([&](void* p, std::size_t& bytes) {
      return cub::DeviceRadixSort::SortKeys(p, bytes, ub.data(), b.data(), std::int64_t(half));
    });
    const double floor_k = copy_floor_ms(m * sizeof(K) * 2, opt.reps);
    const double floor_kv = copy_floor_ms(m * (sizeof(K) + 8) * 2, opt.reps);
    auto ordo_keys = [&] {
      ordo::merge(ordo::cuda{}, std::as_const(a).span(), std::as_const(b).span(), std::span<K>(kout.data(), m));
    };
    auto cub_keys = [&] {
      t.run([&](void* p, std::size_t& bytes) {
        return cub::DeviceMerge::MergeKeys(p, bytes, a.data(), std::int64_t(half), b.data(), std::int64_t(half),
                                           kref.data(), ordo::less{});
      });
    };
    ordo_keys();
    cub_keys();
    add("merge", "ordo", "merge_path", nullptr, {}, median_ms(ordo_keys, opt.reps), floor_k, same_bits(kout, kref, m),
        true);
    add("merge", "cub_merge_keys", "DeviceMerge::MergeKeys", nullptr, {}, median_ms(cub_keys, opt.reps), floor_k, true,
        false);
    const u64* va = vin.data();
    const u64* vb = vin.data() + half;
    auto ordo_pairs = [&] {
      ordo::merge(ordo::cuda{}, std::as_const(a).span(), std::span<const u64>(va, half), std::as_const(b).span(),
                  std::span<const u64>(vb, half), std::span<K>(kout.data(), m), std::span<u64>(vout.data(), m));
    };
    auto cub_pairs = [&] {
      t.run([&](void* p, std::size_t& bytes) {
        return cub::DeviceMerge::MergePairs(p, bytes, a.data(), va, std::int64_t(half), b.data(), vb,
                                            std::int64_t(half), kref.data(), vref.data(), ordo::less{});
      });
    };
    ordo_pairs();
    cub_pairs();
    add("merge", "ordo", "merge_path", "uint64", {}, median_ms(ordo_pairs, opt.reps), floor_kv,
        same_bits(kout, kref, m) && same_bits(vout, vref, m), true);
    add("merge", "cub_merge_pairs", "DeviceMerge::MergePairs", "uint64", {}, median_ms(cub_pairs, opt.reps), floor_kv,
        true, false);
  }

  // plus over integers (wrapping, as CUB), maximum over floats (exact, where
  // a float sum's rounding depends on the order of the additions).
  void scan_reduce_rows() {
    constexpr bool floating = std::is_floating_point_v<K>;
    using op_t = std::conditional_t<floating, ordo::maximum, ordo::plus>;
    const nlohmann::json params{{"op", floating ? "maximum" : "plus"}};
    const double floor_s = copy_floor_ms(n * sizeof(K) * 2, opt.reps);
    auto ordo_scan = [&] { ordo::scan(ordo::cuda{}, std::as_const(keys).span(), kout.span(), op_t{}); };
    auto cub_scan = [&] {
      t.run([&](void* p, std::size_t& b) {
        if constexpr (floating)
          return cub::DeviceScan::InclusiveScan(p, b, keys.data(), kref.data(), ::cuda::maximum<>{}, cn);
        else
          return cub::DeviceScan::InclusiveSum(p, b, keys.data(), kref.data(), cn);
      });
    };
    ordo_scan();
    cub_scan();
    add("scan", "ordo", "inclusive", nullptr, params, median_ms(ordo_scan, opt.reps), floor_s,
        same_bits(kout, kref, n), true);
    add("scan", "cub_scan", floating ? "DeviceScan::InclusiveScan (max)" : "DeviceScan::InclusiveSum", nullptr, params,
        median_ms(cub_scan, opt.reps), floor_s, true, false);
    const double floor_r = copy_floor_ms(n * sizeof(K), opt.reps);
    auto ordo_red = [&] { ordo::reduce(ordo::cuda{}, std::as_const(keys).span(), std::span<K>(kout.data(), 1), op_t{}); };
    auto cub_red = [&] {
      t.run([&](void* p, std::size_t& b) {
        if constexpr (floating)
          return cub::DeviceReduce::Max(p, b, keys.data(), kref.data(), cn);
        else
          return cub::DeviceReduce::Sum(p, b, keys.data(), kref.data(), cn);
      });
    };
    ordo_red();
    cub_red();
    add("reduce", "ordo", "cub", nullptr, params, median_ms(ordo_red, opt.reps), floor_r, same_bits(kout, kref, 1),
        true);
    add("reduce", "cub_reduce", floating ? "DeviceReduce::Max" : "DeviceReduce::Sum", nullptr, params,
        median_ms(cub_red, opt.reps), floor_r, true, false);
    segmented_scan_rows(params);
  }

  // The segmented scan (a head every 997) against CUB's scan by key on the
  // same segments as ids; the floor counts the keys in and out and the flags.
  void segmented_scan_rows(const nlohmann::json& op_params) {
    constexpr bool floating = std::is_floating_point_v<K>;
    using op_t = std::conditional_t<floating, ordo::maximum, ordo::plus>;
    ordo::device_buffer<u8> heads(n);
    ordo::device_buffer<std::uint32_t> ids(n);
    fill_segments<<<4096, 256>>>(heads.data(), ids.data(), n, 997);
    ORDO_CUDA_LAUNCH_CHECK("fill_segments");
    nlohmann::json params = op_params;
    params["kind"] = "segmented";
    params["every"] = 997;
    const double floor = copy_floor_ms(n * (sizeof(K) * 2 + 1), opt.reps);
    auto ordo_seg = [&] {
      ordo::scan(ordo::cuda{}, std::as_const(keys).span(), kout.span(), op_t{}, op_t::template identity<K>(),
                 {.head_flags = std::as_const(heads).span()});
    };
    auto cub_by_key = [&] {
      t.run([&](void* p, std::size_t& b) {
        if constexpr (floating)
          return cub::DeviceScan::InclusiveScanByKey(p, b, ids.data(), keys.data(), kref.data(), ::cuda::maximum<>{},
                                                     cn);
        else
          return cub::DeviceScan::InclusiveScanByKey(p, b, ids.data(), keys.data(), kref.data(),
                                                     ::cuda::std::plus<>{}, cn);
      });
    };
    ordo_seg();
    cub_by_key();
    add("scan", "ordo", "segmented (single pass)", nullptr, params, median_ms(ordo_seg, opt.reps), floor,
        same_bits(kout, kref, n), true);
    add("scan", "cub_scan_by_key", "DeviceScan::InclusiveScanByKey (segment ids)", nullptr, params,
        median_ms(cub_by_key, opt.reps), floor, true, false);
  }

  // compact and split move words: the keys' bytes as uint32 or uint64.
  void move_rows() {
    using W = std::conditional_t<sizeof(K) == 8, u64, u32>;
    const W* in = reinterpret_cast<const W*>(keys.data());
    W* out = reinterpret_cast<W*>(kout.data());
    W* ref = reinterpret_cast<W*>(kref.data());
    ordo::device_buffer<u8> flags(n), buckets(n), buckets_out(n);
    fill_bytes<<<4096, 256>>>(flags.data(), n, 4, 2);
    ORDO_CUDA_LAUNCH_CHECK("fill_bytes");
    ordo::device_buffer<u64> count(1), count_ref(1);
    const std::span<const W> in_s(in, n);
    const std::span<W> out_s(out, n);
    const std::span<const u8> flags_s(flags.data(), n);
    // compact, p = 0.5
    const double floor_c = copy_floor_ms(n * (1 + sizeof(K)) + n / 2 * sizeof(K), opt.reps);
    auto ordo_compact = [&] { ordo::compact(ordo::cuda{}, in_s, flags_s, out_s, count.span()); };
    auto cub_compact = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceSelect::Flagged(p, b, in, flags.data(), ref, count_ref.data(), cn);
      });
    };
    ordo_compact();
    cub_compact();
    std::vector<u64> c1(1), c2(1);
    count.download(c1);
    count_ref.download(c2);
    add("compact", "ordo", "flags", nullptr, {{"p", 0.5}}, median_ms(ordo_compact, opt.reps), floor_c,
        c1 == c2 && thrust::equal(thrust::device, out, out + c1[0], ref), true);
    add("compact", "cub_select", "DeviceSelect::Flagged", nullptr, {{"p", 0.5}}, median_ms(cub_compact, opt.reps),
        floor_c, true, false);
    // split by flags, stable on both sides (the reference: two stable copy_ifs)
    const double floor_s = copy_floor_ms(n * (1 + 2 * sizeof(K)), opt.reps);
    W* mid = thrust::copy_if(thrust::device, in, in + n, flags.data(), ref, is_zero{});
    thrust::copy_if(thrust::device, in, in + n, flags.data(), mid, not_zero{});
    auto ordo_split = [&] { ordo::split(ordo::cuda{}, in_s, flags_s, out_s, count.span()); };
    ordo_split();
    add("split", "ordo", "flags", nullptr, {{"k", 2}}, median_ms(ordo_split, opt.reps), floor_s,
        thrust::equal(thrust::device, out, out + n, ref), true);
    auto cub_part = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DevicePartition::Flagged(p, b, in, flags.data(), ref, count_ref.data(), cn);
      });
    };
    add("split", "cub_partition", "DevicePartition::Flagged (unstable 2nd part)", nullptr, {{"k", 2}},
        median_ms(cub_part, opt.reps), floor_s, true, false);
    for (unsigned k : {16u, 256u}) {
      fill_bytes<<<4096, 256>>>(buckets.data(), n, 5 + k, k);
      ORDO_CUDA_LAUNCH_CHECK("fill_bytes");
      ordo::device_buffer<u64> off(k + 1);
      auto ordo_k = [&] {
        ordo::split(ordo::cuda{}, in_s, std::span<const u8>(buckets.data(), n), k, out_s, off.span());
      };
      auto cub_k = [&] {
        t.run([&](void* p, std::size_t& b) {
          return cub::DeviceRadixSort::SortPairs(p, b, buckets.data(), buckets_out.data(), in, ref, cn, 0,
                                                 k == 16 ? 4 : 8);
        });
      };
      ordo_k();
      cub_k();
      add("split", "ordo", "multiway", nullptr, {{"k", k}}, median_ms(ordo_k, opt.reps), floor_s,
          thrust::equal(thrust::device, out, out + n, ref), true);
      add("split", "cub_radix_pairs", "DeviceRadixSort::SortPairs (bucket bits)", nullptr, {{"k", k}},
          median_ms(cub_k, opt.reps), floor_s, true, false);
    }
  }

  void topk_rows() {
    const u64 k = 1024;
    ordo::device_buffer<K> values(k);
    ordo::device_buffer<std::int64_t> indices(k);
    ordo::device_buffer<u32> idx(n), idx_out(n);
    thrust::sequence(thrust::device, idx.data(), idx.data() + n, 0u);
    const nlohmann::json params{{"k", k}, {"largest", true}};
    const double floor = copy_floor_ms(n * sizeof(K), opt.reps);
    auto ordo_topk = [&] {
      ordo::topk(ordo::cuda{}, std::as_const(keys).span(), k, values.span(), indices.span());
    };
    auto cub_desc = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceRadixSort::SortPairsDescending(p, b, keys.data(), kref.data(), idx.data(), idx_out.data(),
                                                         cn);
      });
    };
    ordo_topk();
    cub_desc();
    add("topk", "ordo", "automatic", "int64", params, median_ms(ordo_topk, opt.reps), floor,
        thrust::equal(thrust::device, values.data(), values.data() + k, kref.data()), true);
    add("topk", "cub_radix_pairs", "SortPairsDescending (key, index), first k", "int64", params,
        median_ms(cub_desc, opt.reps), floor, true, false);
  }

  void all() {
    std::printf("types: %s, n=%llu\n", key, (unsigned long long)n);
    if (opt.wants("sort")) sort_rows();
    if (opt.wants("rank")) rank_rows();
    if (opt.wants("segmented_sort")) segmented_sort_rows();
    if (opt.wants("merge")) merge_rows();
    if (opt.wants("scan_reduce")) scan_reduce_rows();
    if (opt.wants("move")) move_rows();
    if (opt.wants("topk")) topk_rows();
  }
};

}  // namespace

void run_types(const options& opt) {
  results res("types");
  const u64 n = opt.n;  // 2^28 by default
  suite<std::int32_t>{res, opt, n}.all();
  suite<std::int64_t>{res, opt, n}.all();
  suite<std::uint64_t>{res, opt, n}.all();
  suite<float>{res, opt, n}.all();
  suite<double>{res, opt, n}.all();
  res.write(opt.out);
}

}  // namespace ordo_bench
