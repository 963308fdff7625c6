// Design probe: where the segmented sort's long shapes spend their time
// (issue 32: 4096 x 65536 and 256 x 2^20 (uint32, uint32) pairs, against
// CUB's full-array SortPairs of the same 2^28 pairs). Times each shape's
// ordo::segmented_sort and the full SortPairs with CUDA events (median of
// --reps), checks ordo's output once, and brackets one more call of each in
// cudaProfilerStart/Stop so that ncu times its kernels alone:
//   ncu --clock-control none --profile-from-start off \
//       --metrics gpu__time_duration.sum --csv ./segsort_long_probe
// Build (from the repository root, with .deps from scripts/prepare-deps):
//   nvcc -O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -Iinclude -Isrc \
//     bench/probes/segsort_long_probe.cu src/cuda/segmented_sort/*.cu \
//     src/cuda/common/execution_cuda.cu -o segsort_long_probe
#include <cuda_profiler_api.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cub/device/device_radix_sort.cuh>
#include <numeric>
#include <random>
#include <span>
#include <utility>
#include <vector>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/device_buffer.hpp"
#include "ordo/segmented_sort.hpp"

namespace {

using u32 = std::uint32_t;
using u64 = std::uint64_t;

template <class F>
float median_ms(F f, int reps) {
  cudaEvent_t a, b;
  ORDO_CUDA_CHECK(cudaEventCreate(&a));
  ORDO_CUDA_CHECK(cudaEventCreate(&b));
  std::vector<float> t;
  for (int r = 0; r < reps; ++r) {
    ORDO_CUDA_CHECK(cudaEventRecord(a));
    f();
    ORDO_CUDA_CHECK(cudaEventRecord(b));
    ORDO_CUDA_CHECK(cudaEventSynchronize(b));
    float ms = 0;
    ORDO_CUDA_CHECK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::atoi(argv[1]) : 7;
  const u64 n = u64(1) << 28;
  std::mt19937_64 g(7);
  std::vector<u32> keys(n);
  for (auto& k : keys) k = u32(g());
  std::vector<u32> idx(n);
  std::iota(idx.begin(), idx.end(), 0u);
  ordo::device_buffer<u32> d_keys{std::span<const u32>(keys)}, d_idx{std::span<const u32>(idx)}, ko(n), vo(n);

  // CUB's full-array SortPairs (int count, as the bench's baseline)
  std::size_t temp_bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, temp_bytes, d_keys.data(), ko.data(), d_idx.data(),
                                                  vo.data(), int(n)));
  ordo::device_buffer<unsigned char> temp(temp_bytes);
  auto full = [&] {
    ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(temp.data(), temp_bytes, d_keys.data(), ko.data(), d_idx.data(),
                                                    vo.data(), int(n)));
  };
  full();
  std::printf("full SortPairs 2^28: %.3f ms\n", median_ms(full, reps));
  cudaProfilerStart();
  full();
  ORDO_CUDA_CHECK(cudaDeviceSynchronize());
  cudaProfilerStop();

  for (u64 len : {u64(65536), u64(1) << 20}) {
    std::vector<u32> off(n / len + 1);
    for (u64 i = 0; i < off.size(); ++i) off[i] = u32(i * len);
    ordo::device_buffer<u32> d_off{std::span<const u32>(off)};
    const auto segments = ordo::by_offsets(std::as_const(d_off).span());
    auto run = [&] { ordo::segmented_sort(ordo::cuda{}, std::as_const(d_keys).span(), ko.span(), std::as_const(d_idx).span(), vo.span(), segments); };
    run();
    ORDO_CUDA_CHECK(cudaDeviceSynchronize());
    std::vector<u32> got_k(n), got_v(n);
    ko.download(got_k);
    vo.download(got_v);
    bool ok = true;
    for (u64 s = 0; s + 1 < off.size() && ok; ++s)
      for (u64 i = off[s]; i < off[s + 1]; ++i) {
        const u32 v = got_v[i];
        if (v < off[s] || v >= off[s + 1] || keys[v] != got_k[i] ||
            (i > off[s] && (got_k[i - 1] > got_k[i] || (got_k[i - 1] == got_k[i] && got_v[i - 1] > v)))) {
          ok = false;
          break;
        }
      }
    std::printf("segmented %llu x %llu: %.3f ms (%s)\n", (unsigned long long)(n / len), (unsigned long long)len,
                median_ms(run, reps), ok ? "verified" : "WRONG");
    cudaProfilerStart();
    run();
    ORDO_CUDA_CHECK(cudaDeviceSynchronize());
    cudaProfilerStop();
  }
  return 0;
}
