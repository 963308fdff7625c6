// Grouped rank (issue 31): ordo::grouped_rank beside its yardsticks, n = --n
// int32 keys (default 2^28), uniform:
//   labels    2^20 unsorted labels: ordo::grouped_rank vs ordo::rank of the
//             same keys ungrouped, and vs the torch-like composition in CUB
//             (stable sort by key, stable sort by label, two max-scans of
//             head positions, scatter), which also verifies it
//   segments  fixed length 1024: ordo::grouped_rank vs ordo::segmented_sort
//             and CUB StableSortPairs of the (key, index) pairs
//   topk      n float32 keys, k in {1, 32, 1024, 65536}, largest: ordo::topk
//             vs CUB SortPairs(key, index) descending (a full sort, the
//             composition's bound), verified against ordo::cpu; and per row,
//             n / 1024 rows of 1024, k = 32 (torch.topk: bench/python/bench_topk.py)
//   lexsort   two columns, int32 (primary, 2^16 distinct values) then
//             float32: ordo::lexsort_idx vs CUB SortPairs of one packed
//             64-bit key (the columns' order codes, packed outside the timed
//             region) with the index as value, which also verifies it
// Ranks: method min into uint32 (what the composition computes).
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_segmented_sort.cuh>

#include <cstdint>
#include <cstring>
#include <random>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "common/cub_helpers.cuh"
#include "common/first_output.cuh"
#include "common/gpu_timer.cuh"
#include "common/cub_count.hpp"
#include "common/options.hpp"
#include "common/results.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/grouped_rank.hpp"
#include "ordo/lexsort.hpp"
#include "ordo/rank.hpp"
#include "ordo/segmented_sort.hpp"
#include "ordo/topk.hpp"

namespace ordo_bench {
namespace {

using u32 = std::uint32_t;

__global__ void iota_kernel(u32* p, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    p[i] = u32(i);
}
template <class T>
__global__ void gather_kernel(const T* from, const u32* idx, std::uint64_t n, T* to) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    to[i] = from[idx[i]];
}
// Head positions: of each group (gh) and of each tie group (th), else 0.
__global__ void heads_kernel(const std::int32_t* lab, const std::int32_t* key, std::uint64_t n, u32* gh, u32* th) {
  for (std::uint64_t p = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; p < n; p += std::uint64_t(gridDim.x) * blockDim.x) {
    const bool g = p == 0 || lab[p] != lab[p - 1];
    gh[p] = g ? u32(p) : 0;
    th[p] = g || key[p] != key[p - 1] ? u32(p) : 0;
  }
}
__global__ void scatter_min_kernel(const u32* gs, const u32* ts, const u32* idx, std::uint64_t n, u32* out) {
  for (std::uint64_t p = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; p < n; p += std::uint64_t(gridDim.x) * blockDim.x)
    out[idx[p]] = ts[p] - gs[p] + 1;
}

struct max_op {
  __device__ u32 operator()(u32 a, u32 b) const { return a > b ? a : b; }
};

// The torch-like composition: min ranks within groups.
struct composition {
  std::uint64_t n;
  ordo::device_buffer<std::int32_t> k1, k2, l1, l2;
  ordo::device_buffer<u32> i0, i1, i2, gs, ts;
  cub_temp t;
  explicit composition(std::uint64_t n) : n(n), k1(n), k2(n), l1(n), l2(n), i0(n), i1(n), i2(n), gs(n), ts(n) {}
  void run(const std::int32_t* keys, const std::int32_t* labels, u32* out) {
    const unsigned blocks = 132 * 16;
    iota_kernel<<<blocks, 256>>>(i0.data(), n);
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceRadixSort::SortPairs(p, b, keys, k1.data(), i0.data(), i1.data(), int(n));
    });
    gather_kernel<<<blocks, 256>>>(labels, i1.data(), n, l1.data());
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceRadixSort::SortPairs(p, b, l1.data(), l2.data(), i1.data(), i2.data(), int(n));
    });
    gather_kernel<<<blocks, 256>>>(keys, i2.data(), n, k2.data());
    heads_kernel<<<blocks, 256>>>(l2.data(), k2.data(), n, gs.data(), ts.data());
    t.run([&](void* p, std::size_t& b) { return cub::DeviceScan::InclusiveScan(p, b, gs.data(), gs.data(), max_op{}, int(n)); });
    t.run([&](void* p, std::size_t& b) { return cub::DeviceScan::InclusiveScan(p, b, ts.data(), ts.data(), max_op{}, int(n)); });
    scatter_min_kernel<<<blocks, 256>>>(gs.data(), ts.data(), i2.data(), n, out);
  }
};

row grouped_row(const char* capability, const char* impl, const std::string& variant, std::uint64_t n,
                const nlohmann::json& params, double ms, double floor, bool verified, bool is_default) {
  row r = timed_row(capability, impl, variant, "int32", n, params, ms, floor, verified, is_default);
  r.value = "uint32";
  return r;
}

void bench_topk(results& res, const options& opt) {
  const std::uint64_t n = opt.n;
  std::mt19937_64 g(7);
  std::vector<float> hk(n);
  for (auto& x : hk) x = float(double(g() >> 11) * 0x1.0p-53);
  ordo::device_buffer<float> keys{std::span<const float>(hk)}, sorted(n);
  ordo::device_buffer<u32> idx(n), idx_out(n);
  iota_kernel<<<132 * 16, 256>>>(idx.data(), n);
  cub_temp t;
  const auto cub_sort = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceRadixSort::SortPairsDescending(p, b, keys.data(), sorted.data(), idx.data(), idx_out.data(), int(n));
    });
  };
  const double sort_ms = median_ms(cub_sort, opt.reps);
  for (std::uint64_t k : {1ull, 32ull, 1024ull, 65536ull}) {
    if (k > n) continue;
    ordo::device_buffer<float> v(k);
    ordo::device_buffer<std::int64_t> i(k);
    std::vector<float> wv(k);
    std::vector<std::int64_t> wi(k);
    ordo::topk(ordo::cpu{}, std::span<const float>(hk), k, std::span<float>(wv), std::span<std::int64_t>(wi));
    const auto run = [&] { ordo::topk(ordo::cuda{}, std::as_const(keys).span(), k, v.span(), i.span()); };
    const bool ok = first_output(i, run) == wi;
    const nlohmann::json params{{"k", k}, {"largest", true}};
    row r = timed_row("topk", "ordo", "radix_select", "float32", n, params, median_ms(run, opt.reps),
                      copy_floor_ms(n * 4, opt.reps), ok, true);
    print_and_add(res, r);
    print_and_add(res, timed_row("topk", "cub_radix_pairs", "SortPairsDescending(key, index), full sort", "float32", n,
                                 params, sort_ms, copy_floor_ms(n * 4, opt.reps), false, false));
  }
  // rows of 1024, k = 32
  const std::uint64_t row = 1024, k = 32, rows = n / row;
  ordo::device_buffer<float> v(rows * k);
  ordo::device_buffer<std::int64_t> i(rows * k);
  std::vector<float> wv(rows * k);
  std::vector<std::int64_t> wi(rows * k);
  ordo::topk_rows(ordo::cpu{}, std::span<const float>(hk.data(), rows * row), row, k, std::span<float>(wv),
                  std::span<std::int64_t>(wi));
  const auto run = [&] {
    ordo::topk_rows(ordo::cuda{}, std::span<const float>(keys.data(), rows * row), row, k, v.span(), i.span());
  };
  const bool ok = first_output(i, run) == wi;
  print_and_add(res, timed_row("topk", "ordo", "rows (segmented sort)", "float32", rows * row,
                               {{"k", k}, {"row_length", row}, {"largest", true}}, median_ms(run, opt.reps),
                               copy_floor_ms(rows * row * 4, opt.reps), ok, true));
}

// Two key columns (int32 primary, float32 secondary) against one 64-bit key.
void bench_lexsort(results& res, const options& opt) {
  const std::uint64_t n = opt.n;
  std::mt19937_64 g(5);
  std::vector<std::int32_t> ha(n);
  std::vector<float> hb(n);
  std::vector<std::uint64_t> packed(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    ha[i] = std::int32_t(g() & 0xffff) - 32768;
    hb[i] = float(double(g() >> 11) * 0x1.0p-52 - 1.0);  // [-1, 1)
    if (hb[i] == 0.0f) hb[i] = 0.0f;                     // no -0.0: the packed code would split it from +0.0
    std::uint32_t fb;
    std::memcpy(&fb, &hb[i], 4);
    const std::uint32_t fc = (fb >> 31) ? ~fb : (fb | 0x80000000u);  // float order as unsigned bits
    packed[i] = (std::uint64_t(std::uint32_t(ha[i]) ^ 0x80000000u) << 32) | fc;
  }
  ordo::device_buffer<std::int32_t> a{std::span<const std::int32_t>(ha)};
  ordo::device_buffer<float> b{std::span<const float>(hb)};
  ordo::device_buffer<std::uint64_t> pk{std::span<const std::uint64_t>(packed)}, pk_out(n);
  ordo::device_buffer<u32> idx(n), want(n), perm(n);
  iota_kernel<<<132 * 16, 256>>>(idx.data(), n);
  cub_temp t;
  const auto cub_run = [&] {
    t.run([&](void* p, std::size_t& bytes) {
      return cub::DeviceRadixSort::SortPairs(p, bytes, pk.data(), pk_out.data(), idx.data(), want.data(), int(n));
    });
  };
  const auto ref = first_output(want, cub_run);
  const nlohmann::json params{{"columns", "int32 (2^16 distinct), float32"}};
  const double floor = copy_floor_ms(n * (4 + 4 + 4), opt.reps);
  row base = timed_row("lexsort_idx", "cub_radix_pairs", "SortPairs(packed 64-bit key, index)", "int32,float32", n,
                       params, median_ms(cub_run, opt.reps), floor, true, false);
  base.value = "uint32";
  print_and_add(res, base);
  const ordo::sort_key cols[] = {ordo::make_sort_key(std::as_const(a).span()), ordo::make_sort_key(std::as_const(b).span())};
  const auto run = [&] { ordo::lexsort_idx(ordo::cuda{}, std::span<const ordo::sort_key>(cols), perm.span()); };
  const bool ok = first_output(perm, run) == ref;
  row r = timed_row("lexsort_idx", "ordo", "LSD over columns", "int32,float32", n, params, median_ms(run, opt.reps), floor,
                    ok, true);
  r.value = "uint32";
  print_and_add(res, r);
}

}  // namespace

void run_grouped(const options& opt) {
  results res("grouped");
  const std::uint64_t n = opt.n;
  std::mt19937_64 g(31);
  std::vector<std::int32_t> hk(n), hl(n), hs(n);
  for (auto& k : hk) k = std::int32_t(g());
  for (auto& l : hl) l = std::int32_t(g() & ((1u << 20) - 1));
  for (std::uint64_t i = 0; i < n; ++i) hs[i] = std::int32_t(i >> 10);
  ordo::device_buffer<std::int32_t> keys{std::span<const std::int32_t>(hk)}, labels{std::span<const std::int32_t>(hl)},
      seg_labels{std::span<const std::int32_t>(hs)};
  ordo::device_buffer<u32> ranks(n), want(n);
  composition comp(n);
  ordo::rank_options o;
  o.method = ordo::rank_method::min;
  const double floor = copy_floor_ms(n * (4 + 4 + 4), opt.reps);

  // labels
  {
    const nlohmann::json params{{"groups", "2^20 unsorted labels"}, {"method", "min"}};
    const auto cub_run = [&] { comp.run(keys.data(), labels.data(), want.data()); };
    const auto ref = first_output(want, cub_run);
    print_and_add(res, grouped_row("grouped_rank", "cub_composition", "2 stable sorts + 2 scans + scatter", n, params,
                                   median_ms(cub_run, opt.reps), floor, true, false));
    const auto run = [&] {
      ordo::grouped_rank(ordo::cuda{}, std::as_const(keys).span(), std::as_const(labels).span(), ranks.span(), o);
    };
    const bool ok = first_output(ranks, run) == ref;
    print_and_add(res, grouped_row("grouped_rank", "ordo", "labels", n, params, median_ms(run, opt.reps), floor, ok, true));
    const auto plain = [&] { ordo::rank(ordo::cuda{}, std::as_const(keys).span(), ranks.span(), o); };
    print_and_add(res, grouped_row("grouped_rank", "ordo_rank_ungrouped", "rank (no groups)", n, {{"method", "min"}},
                                   median_ms(plain, opt.reps), floor, false, false));
  }
  // fixed segments of 1024
  {
    const nlohmann::json params{{"groups", "fixed_length(1024)"}, {"method", "min"}};
    const auto ref = first_output(want, [&] { comp.run(keys.data(), seg_labels.data(), want.data()); });
    const auto run = [&] {
      ordo::grouped_rank(ordo::cuda{}, std::as_const(keys).span(), ordo::fixed_length(1024), ranks.span(), o);
    };
    const bool ok = first_output(ranks, run) == ref;
    print_and_add(res, grouped_row("grouped_rank", "ordo", "segments", n, params, median_ms(run, opt.reps), floor, ok, true));
    ordo::device_buffer<u32> idx(n), idx_out(n);
    ordo::device_buffer<std::int32_t> keys_out(n);
    iota_kernel<<<132 * 16, 256>>>(idx.data(), n);
    const auto segsort = [&] {
      ordo::segmented_sort(ordo::cuda{}, std::as_const(keys).span(), keys_out.span(), std::as_const(idx).span(),
                           idx_out.span(), ordo::fixed_length(1024));
    };
    print_and_add(res, grouped_row("grouped_rank", "ordo_segmented_sort", "(key, index) pairs, no ranks", n, params,
                                   median_ms(segsort, opt.reps), floor, false, false));
    std::vector<u32> off;
    for (std::uint64_t b = 0; b < n; b += 1024) off.push_back(u32(b));
    off.push_back(u32(n));
    ordo::device_buffer<u32> d_off{std::span<const u32>(off)};
    cub_temp t;
    const auto cub_seg = [&] {
      t.run([&](void* p, std::size_t& b) {
        return cub::DeviceSegmentedSort::StableSortPairs(p, b, keys.data(), keys_out.data(), idx.data(), idx_out.data(),
                                                         cub_count(n), std::int64_t(off.size() - 1), d_off.data(),
                                                         d_off.data() + 1);
      });
    };
    print_and_add(res, grouped_row("grouped_rank", "cub_segmented_sort", "StableSortPairs (key, index), no ranks", n,
                                   params, median_ms(cub_seg, opt.reps), floor, false, false));
  }
  bench_topk(res, opt);
  bench_lexsort(res, opt);
  res.write(opt.out);
}

}  // namespace ordo_bench
