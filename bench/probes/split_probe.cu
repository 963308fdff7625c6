// split_probe: the split of 2^28 uint32 values by flags (p = 0.5) and into 16
// and 256 buckets, at several tiles, against CUB's DevicePartition::Flagged
// and radix SortPairs on the bucket bits (the issue's baselines) and the copy
// floor of 9 bytes per element, all in one run. Each output is checked on the
// host. Built by hand:
//   nvcc -O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -DORDO_HAS_CUDA=1 -Iinclude -Isrc -Ibench \
//        bench/probes/split_probe.cu <execution_cuda.o> -o split_probe
// Run: split_probe [reps] [kway] (reps 0: each kernel once, for ncu; kway:
// the K-way rows alone, with the early-counts rank).
#include <cub/device/device_partition.cuh>
#include <cub/device/device_radix_sort.cuh>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "common/cub_helpers.cuh"
#include "common/gpu_timer.cuh"
#include "ordo/cuda/primitives/dispatch/split_dispatch.cuh"
#include "ordo/device_buffer.hpp"

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;
template <int T, int I>
using pol = ordo::detail::prim::tile_policy<T, I>;
template <int T, int I, bool S, int PF = 0>
using fpol = ordo::detail::prim::split_flags_policy<T, I, S, PF>;
template <int T, int I, int PF, bool E = false>
using bpol = ordo::detail::prim::split_bucket_policy<T, I, PF, E>;

int reps = 7;
bool all_ok = true;
bool kway_only = false;  // argv[2] == "kway": the K-way rows alone

using ordo_bench::cub_temp;  // CUB's storage sized once, outside the timing

template <class P, bool FLAGS = false, class W = u32>
void probe(const char* what, unsigned k, ordo::device_buffer<W>& in, ordo::device_buffer<std::uint8_t>& b,
           ordo::device_buffer<W>& out, ordo::device_buffer<u64>& off, const std::vector<W>& want, double base,
           double floor) {
  auto run = [&] {
    // P for the split asked for, the default tile for the other
    using D = ordo::detail::prim::split_flags_tile_policy<sizeof(W)>;
    if constexpr (FLAGS)
      ordo::detail::split_with<P, D>(ordo::cuda{}, std::as_const(in).span(), std::as_const(b).span(), k, true,
                                     out.span(), off.span(), false);
    else
      ordo::detail::split_with<D, P>(ordo::cuda{}, std::as_const(in).span(), std::as_const(b).span(), k, false,
                                     out.span(), off.span(), false);
  };
  ORDO_CUDA_CHECK(cudaMemset(out.data(), 0xff, out.size() * sizeof(W)));
  run();
  std::vector<W> got(out.size());
  ORDO_CUDA_CHECK(cudaMemcpy(got.data(), out.data(), got.size() * sizeof(W), cudaMemcpyDeviceToHost));
  const bool ok = got == want;
  all_ok = all_ok && ok;
  if (reps == 0) return;
  const double ms = ordo_bench::median_ms(run, reps);
  std::printf("  %-8s k=%-3u %3dx%-2d ring %d%s  %.4f ms  %.2fx baseline  %.2fx floor  %s\n", what, k, P::threads,
              P::items, ordo::detail::prim::prefetch_stages<P>(), ordo::detail::prim::early_counts<P>() ? " early" : "",
              ms, ms / base, ms / floor, ok ? "(verified)" : "WRONG");
}

// 8-byte words: by flags and into 256 buckets, 2^27 uint64 (the bytes of
// 2^28 uint32), against the same CUB calls on uint64.
void probe_u64() {
  const u64 n = u64(1) << 27;
  std::vector<u64> h_in(n);
  for (u64 i = 0; i < n; ++i) h_in[i] = i * 0x9E3779B97F4A7C15ull;
  ordo::device_buffer<u64> in{std::span<const u64>(h_in)}, out(n), count(1);
  const double floor = ordo_bench::copy_floor_ms(n * 17, reps);
  cub_temp t;
  if (!kway_only) {
    std::vector<std::uint8_t> h8(n);
    std::mt19937_64 g(7);
    for (auto& f : h8) f = std::uint8_t(g() & 1);
    std::vector<u64> want;
    want.reserve(n);
    for (int side = 0; side < 2; ++side)
      for (u64 i = 0; i < n; ++i)
        if ((h8[i] != 0) == (side == 1)) want.push_back(h_in[i]);
    ordo::device_buffer<std::uint8_t> flags{std::span<const std::uint8_t>(h8)};
    auto cub_part = [&] {
      t.run([&](void* p, std::size_t& bytes) {
        return cub::DevicePartition::Flagged(p, bytes, in.data(), flags.data(), out.data(), count.data(), int(n));
      });
    };
    const double base = ordo_bench::median_ms(cub_part, reps);
    std::printf("uint64, 2^27: copy floor (17 bytes) %.4f ms\\nflags: cub DevicePartition::Flagged %.4f ms (%.2fx floor)\\n",
                floor, base, base / floor);
    auto each = [&]<class P>() { probe<P, true, u64>("flags u64", 2, in, flags, out, count, want, base, floor); };
    each.template operator()<fpol<256, 16, false>>();  // the default before the ring
    each.template operator()<fpol<256, 16, false, 2>>();
    each.template operator()<fpol<256, 16, false, 3>>();
    each.template operator()<fpol<256, 8, false, 3>>();
    each.template operator()<fpol<256, 32, false, 2>>();
    each.template operator()<fpol<128, 32, false, 2>>();
    each.template operator()<fpol<512, 16, false, 2>>();
  }
  {
    const unsigned k = 256;
    std::vector<std::uint8_t> h8(n);
    std::mt19937_64 g(k);
    for (auto& x : h8) x = std::uint8_t(g() % k);
    std::vector<u64> want(n);
    {
      std::vector<u64> c(k + 1, 0);
      for (auto x : h8) ++c[x + 1];
      for (unsigned b = 0; b < k; ++b) c[b + 1] += c[b];
      for (u64 i = 0; i < n; ++i) want[c[h8[i]]++] = h_in[i];
    }
    ordo::device_buffer<std::uint8_t> b{std::span<const std::uint8_t>(h8)}, b2(n);
    ordo::device_buffer<u64> off(k + 1);
    auto radix = [&] {
      t.run([&](void* p, std::size_t& bytes) {
        return cub::DeviceRadixSort::SortPairs(p, bytes, b.data(), b2.data(), in.data(), out.data(), int(n), 0, 8);
      });
    };
    const double base = ordo_bench::median_ms(radix, reps);
    std::printf("uint64 k=256: cub radix SortPairs on the bucket bits %.4f ms (%.2fx floor)\\n", base, base / floor);
    probe<pol<256, 16>, false, u64>("bkts u64", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 16, 0, true>, false, u64>("bkts u64", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 16, 3, true>, false, u64>("bkts u64", k, in, b, out, off, want, base, floor);
    probe<bpol<512, 8, 2, true>, false, u64>("bkts u64", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 16, 2>, false, u64>("bkts u64", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 16, 3>, false, u64>("bkts u64", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 8, 3>, false, u64>("bkts u64", k, in, b, out, off, want, base, floor);
    probe<bpol<512, 8, 2>, false, u64>("bkts u64", k, in, b, out, off, want, base, floor);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) reps = std::atoi(argv[1]);
  if (argc > 2) kway_only = std::string(argv[2]) == "kway";
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // each line reaches a log even if a later step aborts
  const u64 n = u64(1) << 28;
  std::vector<u32> h_in(n);
  for (u64 i = 0; i < n; ++i) h_in[i] = u32(i * 2654435761u);
  ordo::device_buffer<u32> in{std::span<const u32>(h_in)}, out(n);
  ordo::device_buffer<u64> count(1);  // the flags split's count of zeros
  const double floor = reps ? ordo_bench::copy_floor_ms(n * 9, reps) : 1;
  cub_temp t;
  if (!kway_only) {  // by flags, p = 0.5
    std::vector<std::uint8_t> h8(n);
    std::mt19937_64 g(7);
    for (auto& f : h8) f = std::uint8_t(g() & 1);
    std::vector<u32> want;
    want.reserve(n);
    for (int side = 0; side < 2; ++side)
      for (u64 i = 0; i < n; ++i)
        if ((h8[i] != 0) == (side == 1)) want.push_back(h_in[i]);
    ordo::device_buffer<std::uint8_t> flags{std::span<const std::uint8_t>(h8)};
    auto cub_part = [&] {
      t.run([&](void* p, std::size_t& bytes) {
        return cub::DevicePartition::Flagged(p, bytes, in.data(), flags.data(), out.data(), count.data(), int(n));
      });
    };
    const double base = reps ? ordo_bench::median_ms(cub_part, reps) : 1;
    std::printf("copy floor (9 bytes x 2^28) %.4f ms\nflags: cub DevicePartition::Flagged %.4f ms (%.2fx floor)\n",
                floor, base, base / floor);
    auto each = [&]<class P>() { probe<P, true>(std::is_same_v<P, fpol<256, 8, true>> ? "staged" : "flags", 2, in, flags,
                                                out, count, want, base, floor); };
    each.template operator()<fpol<256, 16, false>>();  // the default before the ring
    each.template operator()<fpol<256, 8, true>>();
    each.template operator()<fpol<256, 16, false, 2>>();
    each.template operator()<fpol<256, 16, false, 3>>();
    each.template operator()<fpol<256, 8, false, 2>>();
    each.template operator()<fpol<256, 8, false, 3>>();
    each.template operator()<fpol<256, 8, false, 4>>();
    each.template operator()<fpol<256, 32, false, 2>>();
    each.template operator()<fpol<256, 32, false, 3>>();
    each.template operator()<fpol<128, 32, false, 3>>();
    each.template operator()<fpol<128, 16, false, 3>>();
    each.template operator()<fpol<512, 8, false, 2>>();
    each.template operator()<fpol<512, 16, false, 2>>();
    // a span off a 16-byte boundary takes the register tiles: checked, not timed apart
    {
      ordo::device_buffer<u32> out1(n);
      ordo::detail::split_with<fpol<256, 16, false, 2>, pol<256, 16>>(
          ordo::cuda{}, std::span<const u32>(in.data() + 1, n - 1), std::span<const std::uint8_t>(flags.data() + 1, n - 1),
          2, true, std::span<u32>(out1.data(), n - 1), count.span(), false);
      std::vector<u32> got(n - 1), w1;
      for (int side = 0; side < 2; ++side)
        for (u64 i = 1; i < n; ++i)
          if ((h8[i] != 0) == (side == 1)) w1.push_back(h_in[i]);
      ORDO_CUDA_CHECK(cudaMemcpy(got.data(), out1.data(), (n - 1) * sizeof(u32), cudaMemcpyDeviceToHost));
      const bool ok = got == w1;
      all_ok = all_ok && ok;
      std::printf("  flags, unaligned span of 2^28 - 1: %s\n", ok ? "(verified)" : "WRONG");
    }
  }
  for (unsigned k : {16u, 256u}) {
    std::vector<std::uint8_t> h8(n);
    std::mt19937_64 g(k);
    for (auto& x : h8) x = std::uint8_t(g() % k);
    std::vector<u32> want(n);
    {
      std::vector<u64> c(k + 1, 0);
      for (auto x : h8) ++c[x + 1];
      for (unsigned b = 0; b < k; ++b) c[b + 1] += c[b];
      for (u64 i = 0; i < n; ++i) want[c[h8[i]]++] = h_in[i];
    }
    ordo::device_buffer<std::uint8_t> b{std::span<const std::uint8_t>(h8)}, b2(n);
    ordo::device_buffer<u64> off(k + 1);  // the buckets' offsets
    auto radix = [&] {
      t.run([&](void* p, std::size_t& bytes) {
        return cub::DeviceRadixSort::SortPairs(p, bytes, b.data(), b2.data(), in.data(), out.data(), int(n), 0,
                                               k == 16 ? 4 : 8);
      });
    };
    const double base = reps ? ordo_bench::median_ms(radix, reps) : 1;
    std::printf("k=%u: cub radix SortPairs on the bucket bits %.4f ms (%.2fx floor)\n", k, base, base / floor);
    probe<pol<256, 24>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 24, 0, true>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 24, 2, true>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 16, 2, true>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<512, 16, 2, true>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 32, 2, true>>("buckets", k, in, b, out, off, want, base, floor);
    if (kway_only) continue;  // the rows of split-probe-7701800.txt
    probe<pol<256, 16>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 24, 2>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 16, 2>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 24, 3>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 32, 2>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 16, 3>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 8, 3>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<256, 8, 4>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<512, 8, 2>>("buckets", k, in, b, out, off, want, base, floor);
    probe<bpol<512, 16, 2>>("buckets", k, in, b, out, off, want, base, floor);
  }
  if (reps > 0) probe_u64();
  std::printf(all_ok ? "all outputs verified\n" : "SOME OUTPUT WRONG\n");
  return all_ok ? 0 : 1;
}
