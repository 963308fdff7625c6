// rank_msd_probe: rank (min) of 2^28 random int32 keys by msd_replay against
// CUB's radix SortPairs of (key, index), the issue's baseline, in one run.
// The ranks of every method (min, max, ordinal, dense, average) are checked
// on the host against CUB's sorted pairs; min is the one timed. reps 0 runs
// each once, for ncu's per-kernel times:
//   ncu --section SpeedOfLight ./rank_msd_probe 0
// Built by hand:
//   nvcc -O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -DORDO_HAS_CUDA=1 -Iinclude -Isrc -Ibench \
//        bench/probes/rank_msd_probe.cu <execution_cuda.o> -o rank_msd_probe
#include <cub/device/device_radix_sort.cuh>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <vector>

#include "common/cub_helpers.cuh"
#include "common/first_output.cuh"
#include "common/gpu_timer.cuh"
#include "cuda/rank/dispatch/msd_replay.cuh"
#include "ordo/device_buffer.hpp"

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 7;
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  using u32 = std::uint32_t;
  using u64 = std::uint64_t;
  const u64 n = u64(1) << 28;
  std::vector<std::int32_t> h(n);
  u64 x = 0x243F6A8885A308D3ull;
  for (auto& k : h) {  // splitmix64, the top 32 bits
    x += 0x9E3779B97F4A7C15ull;
    u64 z = x;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    k = std::int32_t(u32((z ^ (z >> 31)) >> 32));
  }
  ordo::device_buffer<std::int32_t> keys{std::span<const std::int32_t>(h)}, sorted(n);
  ordo::device_buffer<u32> ranks(n), index(n), index_out(n);
  std::vector<u32> iota(n);
  for (u64 i = 0; i < n; ++i) iota[i] = u32(i);
  index.upload(iota);

  ordo_bench::cub_temp t;
  auto cub_pairs = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceRadixSort::SortPairs(p, b, keys.data(), sorted.data(), index.data(), index_out.data(), int(n));
    });
  };
  const ordo::rank_options o{.method = ordo::rank_method::min};
  bool applied = true;
  auto msd = [&] {
    applied = ordo::detail::cuda_rank::msd::rank_msd_replay<std::int32_t, u32>(ordo::cuda{}, keys.data(), n, o,
                                                                               ranks.data());
  };
  const std::vector<u32> got = ordo_bench::first_output(ranks, msd);
  cub_pairs();
  ORDO_CUDA_CHECK(cudaDeviceSynchronize());
  const std::vector<std::int32_t> hs = ordo_bench::download(sorted);
  const std::vector<u32> hi = ordo_bench::download(index_out);
  // The expected ranks of every method from CUB's sorted pairs (stable:
  // ties in index order), 1-based; average doubled.
  auto expected = [&](ordo::rank_method m) {
    std::vector<u32> want(n);
    u64 first = 0, last = 0, dense = 0;
    for (u64 i = 0; i < n; ++i) {
      if (i == 0 || hs[i] != hs[i - 1]) {  // a run of equal keys starts: find its end once
        first = last = i;
        while (last + 1 < n && hs[last + 1] == hs[i]) ++last;
        ++dense;
      }
      switch (m) {
        case ordo::rank_method::min: want[hi[i]] = u32(first + 1); break;
        case ordo::rank_method::max: want[hi[i]] = u32(last + 1); break;
        case ordo::rank_method::ordinal: want[hi[i]] = u32(i + 1); break;
        case ordo::rank_method::average: want[hi[i]] = u32(first + last + 2); break;  // doubled
        case ordo::rank_method::dense: want[hi[i]] = u32(dense); break;
      }
    }
    return want;
  };
  bool ok = applied && got == expected(ordo::rank_method::min);
  // The other methods once each (average asked for in float, compared doubled).
  for (auto m : {ordo::rank_method::max, ordo::rank_method::ordinal, ordo::rank_method::dense}) {
    const ordo::rank_options om{.method = m};
    const bool a = ordo::detail::cuda_rank::msd::rank_msd_replay<std::int32_t, u32>(ordo::cuda{}, keys.data(), n, om,
                                                                                    ranks.data());
    const bool same = a && ordo_bench::download(ranks) == expected(m);
    std::printf("method %d: %s\n", int(m), same ? "verified" : "WRONG");
    ok = ok && same;
  }
  {
    ordo::device_buffer<double> avg(n);
    const ordo::rank_options om{.method = ordo::rank_method::average};
    const bool a = ordo::detail::cuda_rank::msd::rank_msd_replay<std::int32_t, double>(ordo::cuda{}, keys.data(), n,
                                                                                       om, avg.data());
    const std::vector<double> h_avg = ordo_bench::download(avg);
    const std::vector<u32> want = expected(ordo::rank_method::average);
    bool same = a;
    for (u64 i = 0; same && i < n; ++i) same = h_avg[i] * 2 == double(want[i]);
    std::printf("method average: %s\n", same ? "verified" : "WRONG");
    ok = ok && same;
  }
  if (reps == 0) {
    std::printf("msd_replay %s\n", ok ? "(verified)" : "WRONG");
    return ok ? 0 : 1;
  }
  const double floor = ordo_bench::copy_floor_ms(n * 8, reps);
  const double base = ordo_bench::median_ms(cub_pairs, reps);
  const double ms = ordo_bench::median_ms(msd, reps);
  std::printf("2^28 int32, rank min: copy floor (8 bytes) %.4f ms; cub SortPairs (key, index) %.4f ms\n", floor, base);
  std::printf("  msd_replay %.4f ms  %.2fx SortPairs  %.2fx floor  %s\n", ms, ms / base, ms / floor,
              ok ? "(verified)" : "WRONG");
  return ok ? 0 : 1;
}
