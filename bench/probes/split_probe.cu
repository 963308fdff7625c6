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
#include "common/first_output.cuh"
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
  const bool ok = ordo_bench::first_output(out, run) == want;
  all_ok = all_ok && ok;
  if (reps == 0) return;
  const double ms = ordo_bench::median_ms(run, reps);
  std::printf("  %-8s k=%-3u %3dx%-2d ring %d%s  %.4f ms  %.2fx baseline  %.2fx floor  %s\n", what, k, P::threads,
              P::items, ordo::detail::prim::prefetch_stages<P>(), ordo::detail::prim::early_counts<P>() ? " early" : "",
              ms, ms / base, ms / floor, ok ? "(verified)" : "WRONG");
}

// The split by flags of h_in (p = 0.5): the flags, the expected output and
// CUB's DevicePartition::Flagged, timed in the same run.
template <class W>
struct flags_case {
  std::vector<std::uint8_t> h8;
  ordo::device_buffer<std::uint8_t> flags;
  std::vector<W> want;
  double base = 1;
};
template <class W>
flags_case<W> make_flags(const std::vector<W>& h_in, ordo::device_buffer<W>& in, ordo::device_buffer<W>& out,
                         ordo::device_buffer<u64>& count, cub_temp& t) {
  const u64 n = h_in.size();
  flags_case<W> c;
  c.h8.resize(n);
  std::mt19937_64 g(7);
  for (auto& f : c.h8) f = std::uint8_t(g() & 1);
  c.want.reserve(n);
  for (int side = 0; side < 2; ++side)
    for (u64 i = 0; i < n; ++i)
      if ((c.h8[i] != 0) == (side == 1)) c.want.push_back(h_in[i]);
  c.flags = ordo::device_buffer<std::uint8_t>{std::span<const std::uint8_t>(c.h8)};
  auto cub_part = [&] {
    t.run([&](void* p, std::size_t& bytes) {
      return cub::DevicePartition::Flagged(p, bytes, in.data(), c.flags.data(), out.data(), count.data(), int(n));
    });
  };
  if (reps) c.base = ordo_bench::median_ms(cub_part, reps);
  return c;
}

// The split of h_in into k buckets (uniform random bytes below k): the
// buckets, the expected output and CUB's radix SortPairs on the bucket bits.
template <class W>
struct kway_case {
  ordo::device_buffer<std::uint8_t> b, b2;
  ordo::device_buffer<u64> off;
  std::vector<W> want;
  double base = 1;
};
template <class W>
kway_case<W> make_kway(unsigned k, const std::vector<W>& h_in, ordo::device_buffer<W>& in, ordo::device_buffer<W>& out,
                       cub_temp& t) {
  const u64 n = h_in.size();
  kway_case<W> c;
  std::vector<std::uint8_t> h8(n);
  std::mt19937_64 g(k);
  for (auto& x : h8) x = std::uint8_t(g() % k);
  c.want.resize(n);
  std::vector<u64> first(k + 1, 0);
  for (auto x : h8) ++first[x + 1];
  for (unsigned b = 0; b < k; ++b) first[b + 1] += first[b];
  for (u64 i = 0; i < n; ++i) c.want[first[h8[i]]++] = h_in[i];
  c.b = ordo::device_buffer<std::uint8_t>{std::span<const std::uint8_t>(h8)};
  c.b2 = ordo::device_buffer<std::uint8_t>(n);
  c.off = ordo::device_buffer<u64>(k + 1);
  auto radix = [&] {
    t.run([&](void* p, std::size_t& bytes) {
      return cub::DeviceRadixSort::SortPairs(p, bytes, c.b.data(), c.b2.data(), in.data(), out.data(), int(n), 0,
                                             k <= 16 ? 4 : 8);
    });
  };
  if (reps) c.base = ordo_bench::median_ms(radix, reps);
  return c;
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
  std::printf("uint64, 2^27: copy floor (17 bytes) %.4f ms\n", floor);
  if (!kway_only) {
    auto c = make_flags(h_in, in, out, count, t);
    std::printf("flags: cub DevicePartition::Flagged %.4f ms (%.2fx floor)\n", c.base, c.base / floor);
    auto each = [&]<class P>() { probe<P, true, u64>("flags u64", 2, in, c.flags, out, count, c.want, c.base, floor); };
    each.template operator()<fpol<256, 16, false>>();  // the default before the ring
    each.template operator()<fpol<256, 16, false, 2>>();
    each.template operator()<fpol<256, 16, false, 3>>();
    each.template operator()<fpol<256, 8, false, 3>>();
    each.template operator()<fpol<256, 32, false, 2>>();
    each.template operator()<fpol<128, 32, false, 2>>();
    each.template operator()<fpol<512, 16, false, 2>>();
  }
  const unsigned k = 256;
  auto c = make_kway(k, h_in, in, out, t);
  std::printf("k=256: cub radix SortPairs on the bucket bits %.4f ms (%.2fx floor)\n", c.base, c.base / floor);
  auto each = [&]<class P>() { probe<P, false, u64>("bkts u64", k, in, c.b, out, c.off, c.want, c.base, floor); };
  each.template operator()<pol<256, 16>>();
  each.template operator()<bpol<256, 16, 0, true>>();
  each.template operator()<bpol<256, 16, 3, true>>();
  each.template operator()<bpol<512, 8, 2, true>>();
  each.template operator()<bpol<256, 16, 2>>();
  each.template operator()<bpol<256, 16, 3>>();
  each.template operator()<bpol<256, 8, 3>>();
  each.template operator()<bpol<512, 8, 2>>();
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
  std::printf("copy floor (9 bytes x 2^28) %.4f ms\n", floor);
  if (!kway_only) {
    auto c = make_flags(h_in, in, out, count, t);
    std::printf("flags: cub DevicePartition::Flagged %.4f ms (%.2fx floor)\n", c.base, c.base / floor);
    auto each = [&]<class P>() {
      probe<P, true>(std::is_same_v<P, fpol<256, 8, true>> ? "staged" : "flags", 2, in, c.flags, out, count, c.want,
                     c.base, floor);
    };
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
          ordo::cuda{}, std::span<const u32>(in.data() + 1, n - 1),
          std::span<const std::uint8_t>(c.flags.data() + 1, n - 1), 2, true, std::span<u32>(out1.data(), n - 1),
          count.span(), false);
      std::vector<u32> got(n - 1), w1;
      for (int side = 0; side < 2; ++side)
        for (u64 i = 1; i < n; ++i)
          if ((c.h8[i] != 0) == (side == 1)) w1.push_back(h_in[i]);
      ORDO_CUDA_CHECK(cudaMemcpy(got.data(), out1.data(), (n - 1) * sizeof(u32), cudaMemcpyDeviceToHost));
      const bool ok = got == w1;
      all_ok = all_ok && ok;
      std::printf("  flags, unaligned span of 2^28 - 1: %s\n", ok ? "(verified)" : "WRONG");
    }
  }
  for (unsigned k : {16u, 256u}) {
    auto c = make_kway(k, h_in, in, out, t);
    std::printf("k=%u: cub radix SortPairs on the bucket bits %.4f ms (%.2fx floor)\n", k, c.base, c.base / floor);
    auto each = [&]<class P>() { probe<P>("buckets", k, in, c.b, out, c.off, c.want, c.base, floor); };
    each.template operator()<pol<256, 24>>();
    each.template operator()<bpol<256, 24, 0, true>>();
    each.template operator()<bpol<256, 24, 2, true>>();
    each.template operator()<bpol<256, 16, 2, true>>();
    each.template operator()<bpol<512, 16, 2, true>>();
    each.template operator()<bpol<256, 32, 2, true>>();
    if (kway_only && k == 256) {  // block sizes off the 256/512 grid, register tiles, early counts
      each.template operator()<bpol<384, 16, 0, true>>();
      each.template operator()<bpol<384, 20, 0, true>>();
      each.template operator()<bpol<256, 20, 0, true>>();
      each.template operator()<bpol<512, 12, 0, true>>();
      each.template operator()<bpol<512, 16, 0, true>>();
      each.template operator()<bpol<384, 16, 2, true>>();
      each.template operator()<bpol<256, 28, 0, true>>();
    }
    if (kway_only) continue;  // the rows of split-probe-7701800.txt
    each.template operator()<pol<256, 16>>();
    each.template operator()<bpol<256, 24, 2>>();
    each.template operator()<bpol<256, 16, 2>>();
    each.template operator()<bpol<256, 24, 3>>();
    each.template operator()<bpol<256, 32, 2>>();
    each.template operator()<bpol<256, 16, 3>>();
    each.template operator()<bpol<256, 8, 3>>();
    each.template operator()<bpol<256, 8, 4>>();
    each.template operator()<bpol<512, 8, 2>>();
    each.template operator()<bpol<512, 16, 2>>();
  }
  if (reps > 0) probe_u64();
  std::printf(all_ok ? "all outputs verified\n" : "SOME OUTPUT WRONG\n");
  return all_ok ? 0 : 1;
}
