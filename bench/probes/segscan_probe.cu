// segscan_probe: the segmented scan (head flags) of 2^28 uint32 values, a head
// every 997 and every 7, against the copy floor of its 9 bytes per element
// and CUB's unsegmented InclusiveSum (what one pass can reach), for the pair
// kernel and the carry-per-thread kernel at several tiles. Each output is
// checked on the host. Built by hand:
//   nvcc -O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -Iinclude -Isrc -Ibench \
//        bench/probes/segscan_probe.cu -o segscan_probe
// Run: segscan_probe [reps] (reps 0: each kernel once, for ncu).
#include <cub/device/device_scan.cuh>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <span>
#include <type_traits>
#include <vector>

#include "common/first_output.cuh"
#include "common/gpu_timer.cuh"
#include "ordo/cuda/primitives/dispatch/segmented_scan_dispatch.cuh"
#include "ordo/device_buffer.hpp"
#include "ordo/ops.hpp"

namespace {

using u32 = std::uint32_t;
template <int T, int I, bool S, bool W = true>
using pol = ordo::detail::segmented_scan_policy<T, I, S, W>;

struct plus {
  template <class T>
  __host__ __device__ T operator()(T a, T b) const { return a + b; }
};

int reps = 7;
bool all_ok = true;

template <class P, class T, class Op = plus>
void probe(const char* name, ordo::device_buffer<T>& in, ordo::device_buffer<std::uint8_t>& heads,
           ordo::device_buffer<T>& out, const std::vector<T>& want, bool exclusive, double floor) {
  auto run = [&] {
    T init{};
    if constexpr (std::is_same_v<Op, plus>) init = exclusive ? T(7) : T(0);
    else init = Op::template identity<T>();
    ordo::detail::segmented_scan_cuda<T, T, Op, P>(ordo::cuda{}, in.data(), heads.data(), in.size(), out.data(),
                                                   Op{}, init, exclusive, exclusive);
  };
  const std::vector<T> got = ordo_bench::first_output(out, run);  // bits compared: NaN is a value here
  const bool ok = got.size() == want.size() && std::memcmp(got.data(), want.data(), got.size() * sizeof(T)) == 0;
  all_ok = all_ok && ok;
  if (reps == 0) return;
  const double ms = ordo_bench::median_ms(run, reps);
  std::printf("  %zu-byte %-34s %dx%-3d %s %.4f ms  %.2fx floor  %s\n", sizeof(T), name, P::threads, P::items,
              exclusive ? "excl" : "incl", ms, ms / floor, ok ? "(verified)" : "WRONG");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) reps = std::atoi(argv[1]);
  const std::uint64_t n = std::uint64_t(1) << 28;
  std::vector<u32> h_in(n);
  for (std::uint64_t i = 0; i < n; ++i) h_in[i] = u32(i * 2654435761u) >> 20;
  ordo::device_buffer<u32> in{std::span<const u32>(h_in)}, out(n);
  const double floor = reps ? ordo_bench::copy_floor_ms(n * 9, reps) : 1;
  if (reps) {
    std::size_t bytes = 0;
    cub::DeviceScan::InclusiveSum(nullptr, bytes, in.data(), out.data(), int(n));
    ordo::device_buffer<unsigned char> temp(bytes);
    auto cub_sum = [&] { cub::DeviceScan::InclusiveSum(temp.data(), bytes, in.data(), out.data(), int(n)); };
    const double ms = ordo_bench::median_ms(cub_sum, reps);
    std::printf("copy floor (9 bytes x 2^28) %.4f ms; cub InclusiveSum (unsegmented, 8 bytes) %.4f ms = %.2fx\n",
                floor, ms, ms / floor);
  }
  for (int every : {997, 7}) {
    std::vector<std::uint8_t> h8(n, 0);
    for (std::uint64_t i = 0; i < n; i += every) h8[i] = 1;
    for (std::uint64_t i = 3; i < n; i += 5 * every + 1) h8[i] = 1;  // and some off the grid
    ordo::device_buffer<std::uint8_t> heads{std::span<const std::uint8_t>(h8)};
    std::vector<u32> incl(n), excl(n);
    u32 acc = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      excl[i] = h8[i] || i == 0 ? 7u : 7u + acc;
      incl[i] = acc = (h8[i] || i == 0 ? 0u : acc) + h_in[i];
    }
    std::printf("heads every %d:\n", every);
    probe<pol<128, 16, false>>("pair scan", in, heads, out, incl, false, floor);
    probe<pol<128, 24, true>>("carry per thread (default)", in, heads, out, incl, false, floor);
    probe<pol<128, 24, true>>("carry per thread (default)", in, heads, out, excl, true, floor);
  }
  {  // float32 values, ordo::maximum (NaN-propagating), a head every 997: the types suite's float row
    std::vector<float> hf(n);
    for (std::uint64_t i = 0; i < n; ++i) hf[i] = float(h_in[i]) * 0.25f - 1000.0f;
    hf[12345] = std::numeric_limits<float>::quiet_NaN();  // NaN propagates to its segment's end
    ordo::device_buffer<float> inf{std::span<const float>(hf)}, outf(n);
    std::vector<std::uint8_t> h8(n, 0);
    for (std::uint64_t i = 0; i < n; i += 997) h8[i] = 1;
    ordo::device_buffer<std::uint8_t> heads{std::span<const std::uint8_t>(h8)};
    std::vector<float> incl(n);
    float acc = 0;
    for (std::uint64_t i = 0; i < n; ++i) incl[i] = acc = h8[i] || i == 0 ? hf[i] : ordo::maximum{}(acc, hf[i]);
    std::printf("float32 values, maximum, heads every 997:\n");
    using mx = ordo::maximum;
    probe<pol<128, 24, true>, float, mx>("float max, carry (default)", inf, heads, outf, incl, false, floor);
    probe<pol<128, 16, true>, float, mx>("float max, carry", inf, heads, outf, incl, false, floor);
    probe<pol<128, 32, true>, float, mx>("float max, carry", inf, heads, outf, incl, false, floor);
    probe<pol<256, 16, true>, float, mx>("float max, carry", inf, heads, outf, incl, false, floor);
    probe<pol<256, 24, true>, float, mx>("float max, carry", inf, heads, outf, incl, false, floor);
    probe<pol<64, 32, true>, float, mx>("float max, carry", inf, heads, outf, incl, false, floor);
    probe<pol<128, 24, false>, float, mx>("float max, pair scan", inf, heads, outf, incl, false, floor);
    probe<pol<128, 24, true>, u32>("uint32 plus, carry (default)", in, heads, out, [&] {
      std::vector<u32> w(n);
      u32 a = 0;
      for (std::uint64_t i = 0; i < n; ++i) w[i] = a = (h8[i] || i == 0 ? 0u : a) + h_in[i];
      return w;
    }(), false, floor);
  }
  {  // 8-byte values, a head every 997: the floor is 17 bytes per element
    using u64 = std::uint64_t;
    std::vector<u64> h64(n);
    for (std::uint64_t i = 0; i < n; ++i) h64[i] = u64(h_in[i]) << 20 | (i & 0xfffff);
    ordo::device_buffer<u64> in64{std::span<const u64>(h64)}, out64(n);
    in = ordo::device_buffer<u32>(0);
    out = ordo::device_buffer<u32>(0);
    std::vector<std::uint8_t> h8(n, 0);
    for (std::uint64_t i = 0; i < n; i += 997) h8[i] = 1;
    ordo::device_buffer<std::uint8_t> heads{std::span<const std::uint8_t>(h8)};
    std::vector<u64> incl(n);
    u64 acc = 0;
    for (std::uint64_t i = 0; i < n; ++i) incl[i] = acc = (h8[i] ? 0 : acc) + h64[i];
    const double floor64 = reps ? ordo_bench::copy_floor_ms(n * 17, reps) : 1;
    std::printf("8-byte values, heads every 997 (copy floor of 17 bytes x 2^28 %.4f ms):\n", floor64);
    if (reps) {
      std::size_t bytes = 0;
      cub::DeviceScan::InclusiveSum(nullptr, bytes, in64.data(), out64.data(), int(n));
      ordo::device_buffer<unsigned char> temp(bytes);
      auto cub_sum = [&] { cub::DeviceScan::InclusiveSum(temp.data(), bytes, in64.data(), out64.data(), int(n)); };
      const double ms = ordo_bench::median_ms(cub_sum, reps);
      std::printf("  cub InclusiveSum of the 8-byte values (unsegmented, 16 bytes) %.4f ms = %.2fx\n", ms, ms / floor64);
    }
    // CUB's split tile state (the 8-byte default before 2026-12-06: 128x32)
    probe<pol<256, 8, false, false>>("pair scan, cub state", in64, heads, out64, incl, false, floor64);
    probe<pol<128, 32, true, false>>("carry, cub state", in64, heads, out64, incl, false, floor64);
    // the 16-byte descriptor
    probe<pol<256, 8, false>>("pair scan, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<128, 8, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<128, 12, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<128, 16, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<128, 24, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<128, 32, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<256, 8, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<256, 12, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<256, 16, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<64, 16, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
    probe<pol<64, 24, true>>("carry, 16-byte state", in64, heads, out64, incl, false, floor64);
  }
  std::printf(all_ok ? "all outputs verified\n" : "SOME OUTPUT WRONG\n");
  return all_ok ? 0 : 1;
}
