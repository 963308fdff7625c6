// 16-bit float keys (issue 29): ordo over __half and __nv_bfloat16 keys, which
// it sorts and ranks as their float carrier (detail/narrow_keys.hpp: one
// widening kernel in, one narrowing kernel out), each beside CUB on the same
// 16-bit type and the copy floor of the 16-bit data:
//   sort            ordo::sort_copy (adaptive) vs cub::DeviceRadixSort, keys and (key, uint32) pairs
//   segmented_sort  ordo::segmented_sort vs cub::DeviceSegmentedSort, pairs and keys, uniform lengths
//   rank            ordo::rank (min -> uint32, average -> double) vs CUB SortPairs(key, index) alone
// and 8- and 16-bit integer keys (int8, int16), uniform over the type:
//   rank            ordo::rank automatic (counting: no sort) and its sort_back variant (the path these
//                   keys took before counting) vs CUB SortPairs(key, uint32 index) alone, the floor
//                   a read of the keys and a write of the ranks
// Keys: finite values, no -0.0 (CUB orders -0.0 and NaN by their bits, ordo
// ties the zeros and puts NaN last), so CUB's output is the reference bit for
// bit; CUB's radix sort is stable, so the values must match too.
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_segmented_sort.cuh>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <thrust/equal.h>
#include <thrust/execution_policy.h>
#include <thrust/sequence.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
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
#include "ordo/float16.hpp"
#include "ordo/rank.hpp"
#include "ordo/rough_sort.hpp"
#include "ordo/segmented_sort.hpp"
#include "ordo/types.hpp"

namespace ordo_bench {
namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

// n finite keys of CUDA's 16-bit type T, uniform over a wide range; -0.0 made +0.0.
template <class T>
std::vector<T> random_keys16(u64 n, u64 seed) {
  using O = ordo::detail::key_alias_t<T>;
  const float range = std::is_same_v<O, ordo::half> ? 60000.0f : 1e30f;
  std::mt19937_64 g(seed);
  std::vector<T> v(n);
  for (auto& x : v) {
    const float f = (float(double(g() >> 11) * 0x1.0p-53) * 2.0f - 1.0f) * range;
    std::uint16_t b = O(f).bits();
    if (b == 0x8000u) b = 0;
    std::memcpy(&x, &b, 2);
  }
  return v;
}

template <class T>
bool same_on_device(const ordo::device_buffer<T>& a, const ordo::device_buffer<T>& b) {
  // compare the bits: __half's operator== would tie -0.0 and +0.0
  const auto* x = reinterpret_cast<const std::uint8_t*>(a.data());
  const auto* y = reinterpret_cast<const std::uint8_t*>(b.data());
  return a.size() == b.size() && thrust::equal(thrust::device, x, x + a.size() * sizeof(T), y);
}

template <class T>
row make_row(const std::string& capability, const char* impl, const std::string& variant, const char* value, u64 n,
             const nlohmann::json& params, double ms, double floor, bool verified, bool is_default) {
  row r = timed_row(capability, impl, variant, ordo::type_name<T>(), n, params, ms, floor, verified, is_default);
  r.value = value ? value : "";
  return r;
}

template <class T>
void bench_sort(results& res, const options& opt, const ordo::device_buffer<T>& keys,
                const ordo::device_buffer<u32>& idx) {
  const u64 n = keys.size();
  ordo::device_buffer<T> out(n), ref(n);
  ordo::device_buffer<u32> vout(n), vref(n);
  const nlohmann::json params = {{"k", "random"}};
  cub_temp t;
  // keys
  auto cub_keys = [&] {
    t.run([&](void* p, std::size_t& b) { return cub::DeviceRadixSort::SortKeys(p, b, keys.data(), ref.data(), cub_count(n)); });
  };
  const double floor_k = copy_floor_ms(n * sizeof(T) * 2, opt.reps);
  res.add(make_row<T>("sort", "cub_radix_sort", "SortKeys", nullptr, n, params, median_ms(cub_keys, opt.reps),
                      floor_k, true, false));
  auto ordo_keys = [&] { ordo::sort_copy(ordo::cuda{}, keys.span(), out.span()); };
  ordo_keys();
  res.add(make_row<T>("sort", "ordo", "adaptive", nullptr, n, params, median_ms(ordo_keys, opt.reps), floor_k,
                      same_on_device(out, ref), true));
  // pairs
  auto cub_pairs = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceRadixSort::SortPairs(p, b, keys.data(), ref.data(), idx.data(), vref.data(), cub_count(n));
    });
  };
  const double floor_p = copy_floor_ms(n * (sizeof(T) + 4) * 2, opt.reps);
  res.add(make_row<T>("sort", "cub_radix_sort", "SortPairs", "uint32", n, params, median_ms(cub_pairs, opt.reps),
                      floor_p, true, false));
  auto ordo_pairs = [&] { ordo::sort_copy(ordo::cuda{}, keys.span(), out.span(), idx.span(), vout.span()); };
  ordo_pairs();
  res.add(make_row<T>("sort", "ordo", "adaptive", "uint32", n, params, median_ms(ordo_pairs, opt.reps), floor_p,
                      same_on_device(out, ref) && same_on_device(vout, vref), true));
}

template <class T>
void bench_segsort(results& res, const options& opt, const ordo::device_buffer<T>& keys,
                   const ordo::device_buffer<u32>& idx, u64 len) {
  const u64 n = keys.size();
  std::vector<u32> off;
  for (u64 b = 0; b < n; b += len) off.push_back(u32(b));
  off.push_back(u32(n));
  const u64 segs = off.size() - 1;
  ordo::device_buffer<u32> d_off{std::span<const u32>(off)};
  const auto segments = ordo::by_offsets(std::as_const(d_off).span());
  ordo::device_buffer<T> out(n), ref(n);
  ordo::device_buffer<u32> vout(n), vref(n);
  const nlohmann::json params = {{"shape", "uniform"}, {"len", len}, {"segments", segs}};
  cub_temp t;
  // pairs
  auto cub_pairs = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceSegmentedSort::StableSortPairs(p, b, keys.data(), ref.data(), idx.data(), vref.data(),
                                                       cub_count(n), std::int64_t(segs), d_off.data(),
                                                       d_off.data() + 1);
    });
  };
  const double floor_p = copy_floor_ms(n * (sizeof(T) + 4) * 2, opt.reps);
  res.add(make_row<T>("segmented_sort", "cub_segmented_sort", "StableSortPairs", "uint32", n, params,
                      median_ms(cub_pairs, std::min(opt.reps, 3)), floor_p, true, false));
  auto ordo_pairs = [&] { ordo::segmented_sort(ordo::cuda{}, keys.span(), out.span(), idx.span(), vout.span(), segments); };
  ordo_pairs();
  res.add(make_row<T>("segmented_sort", "ordo", "adaptive", "uint32", n, params, median_ms(ordo_pairs, opt.reps),
                      floor_p, same_on_device(out, ref) && same_on_device(vout, vref), true));
  // keys
  auto cub_keys = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceSegmentedSort::StableSortKeys(p, b, keys.data(), ref.data(), cub_count(n),
                                                      std::int64_t(segs), d_off.data(), d_off.data() + 1);
    });
  };
  const double floor_k = copy_floor_ms(n * sizeof(T) * 2, opt.reps);
  res.add(make_row<T>("segmented_sort", "cub_segmented_sort", "StableSortKeys", nullptr, n, params,
                      median_ms(cub_keys, std::min(opt.reps, 3)), floor_k, true, false));
  auto ordo_keys = [&] { ordo::segmented_sort(ordo::cuda{}, keys.span(), out.span(), segments); };
  ordo_keys();
  res.add(make_row<T>("segmented_sort", "ordo", "adaptive", nullptr, n, params, median_ms(ordo_keys, opt.reps),
                      floor_k, same_on_device(out, ref), true));
}

// CUB's SortPairs(key, uint32 index) of all the keys: the rank rows' yardstick.
template <class T>
double cub_sort_pairs_ms(const ordo::device_buffer<T>& keys, ordo::device_buffer<T>& keys_out,
                         const ordo::device_buffer<u32>& idx, ordo::device_buffer<u32>& idx_out, int reps) {
  cub_temp t;
  return median_ms(
      [&] {
        t.run([&](void* p, std::size_t& b) {
          return cub::DeviceRadixSort::SortPairs(p, b, keys.data(), keys_out.data(), idx.data(), idx_out.data(),
                                                 keys.size());
        });
      },
      reps);
}

template <class T, class R>
void bench_rank(results& res, const options& opt, const std::vector<T>& host, const ordo::device_buffer<T>& keys,
                ordo::rank_method method, double sort_pairs_ms) {
  const u64 n = keys.size();
  std::vector<R> want(n);
  ordo::rank(ordo::cpu{}, std::span<const T>(host), std::span<R>(want), ordo::rank_options{method});
  ordo::device_buffer<R> ranks(n);
  const nlohmann::json params{{"method", ordo::to_string(method)}, {"distinct", std::string("uniform ") + ordo::type_name<T>()}};
  const double floor = copy_floor_ms(n * (sizeof(T) + sizeof(R)), opt.reps);
  auto run = [&] { ordo::rank(ordo::cuda{}, keys.span(), ranks.span(), ordo::rank_options{method}); };
  const bool ok = first_output(ranks, run) == want;
  res.add(make_row<T>("rank", "ordo", "automatic", ordo::type_name<R>(), n, params, median_ms(run, opt.reps), floor,
                      ok, true));
  // verified = false: it sorts; it does not rank (the rank suite's yardstick)
  res.add(make_row<T>("rank", "cub_radix_pairs", "SortPairs(key, index) only", ordo::type_name<R>(), n, params,
                      sort_pairs_ms, floor, false, false));
}

template <class T>
void bench_type(results& res, const options& opt) {
  const u64 n = opt.n;
  const auto host = random_keys16<T>(n, std::is_same_v<T, __half> ? 16 : 17);
  ordo::device_buffer<T> keys{std::span<const T>(host)};
  ordo::device_buffer<u32> idx(n), idx_out(n);
  ordo::device_buffer<T> keys_out(n);
  thrust::sequence(thrust::device, idx.data(), idx.data() + n);
  bench_sort(res, opt, keys, idx);
  for (u64 len : {u64(32), u64(2048), u64(65536)}) bench_segsort(res, opt, keys, idx, len);
  const double sort_pairs_ms = cub_sort_pairs_ms(keys, keys_out, idx, idx_out, opt.reps);
  bench_rank<T, u32>(res, opt, host, keys, ordo::rank_method::min, sort_pairs_ms);
  bench_rank<T, double>(res, opt, host, keys, ordo::rank_method::average, sort_pairs_ms);
}

// 8- and 16-bit integers: automatic counts them; sort_back is the sort path.
template <class T, class R>
void bench_rank_integer(results& res, const options& opt, ordo::rank_method method) {
  const u64 n = opt.n;
  std::vector<T> host(n);
  std::mt19937_64 g(std::is_same_v<T, std::int8_t> ? 18 : 19);
  for (auto& x : host) x = T(g() >> 40);
  ordo::device_buffer<T> keys{std::span<const T>(host)}, keys_out(n);
  ordo::device_buffer<u32> idx(n), idx_out(n);
  thrust::sequence(thrust::device, idx.data(), idx.data() + n);
  std::vector<R> want(n);
  ordo::rank(ordo::cpu{}, std::span<const T>(host), std::span<R>(want), ordo::rank_options{method});
  ordo::device_buffer<R> ranks(n);
  const nlohmann::json params{{"method", ordo::to_string(method)}, {"distinct", std::string("uniform ") + ordo::type_name<T>()}};
  const double floor = copy_floor_ms(n * (sizeof(T) + sizeof(R)), opt.reps);
  for (auto v : {ordo::rank_unsorted_variant::automatic, ordo::rank_unsorted_variant::sort_back}) {
    ordo::rank_options o{method};
    o.variant = v;
    auto run = [&] { ordo::rank(ordo::cuda{}, keys.span(), ranks.span(), o); };
    const bool ok = first_output(ranks, run) == want;
    res.add(make_row<T>("rank", "ordo", ordo::to_string(v), ordo::type_name<R>(), n, params, median_ms(run, opt.reps),
                        floor, ok, v == ordo::rank_unsorted_variant::automatic));
  }
  const double sort_pairs_ms = cub_sort_pairs_ms(keys, keys_out, idx, idx_out, opt.reps);
  // verified = false: it sorts; it does not rank (the rank suite's yardstick)
  res.add(make_row<T>("rank", "cub_radix_pairs", "SortPairs(key, index) only", ordo::type_name<R>(), n, params,
                      sort_pairs_ms, floor, false, false));
}

}  // namespace

void run_narrow_keys(const options& opt) {
  results res("narrow_keys");
  bench_type<__half>(res, opt);
  bench_type<__nv_bfloat16>(res, opt);
  bench_rank_integer<std::int8_t, u32>(res, opt, ordo::rank_method::min);
  bench_rank_integer<std::int8_t, double>(res, opt, ordo::rank_method::average);
  bench_rank_integer<std::int16_t, u32>(res, opt, ordo::rank_method::dense);
  bench_rank_integer<std::int16_t, double>(res, opt, ordo::rank_method::average);
  res.write(opt.out);
}

}  // namespace ordo_bench
