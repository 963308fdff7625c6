// reduce_probe: why ordo::reduce (CUB's DeviceReduce::Reduce under a thin
// wrapper) is 1.13-1.15x DeviceReduce::Sum on some rows of the suites
// (uint32 in the primitives suite, int64 and the float max in the types
// suite) and 1.00x on others (int32 in the types suite). Each type, 2^28
// values, both orders of the calls (an order effect shows as a round that
// disagrees with the other):
//   wrapper        ordo::detail::reduce_cuda, the code libordo compiles
//   Sum            cub::DeviceReduce::Sum, storage sized once
//   Reduce(plus,0) cub::DeviceReduce::Reduce as the wrapper calls it, storage sized once
//   Sum+alloc      Sum with its storage from ordo's memory resource per call
// Every result is checked against the host sum. Built by hand:
//   nvcc -O3 -std=c++20 -arch=sm_90 --expt-relaxed-constexpr -DORDO_HAS_CUDA=1 -Iinclude -Isrc -Ibench \
//        bench/probes/reduce_probe.cu <execution_cuda.o> -o reduce_probe
// Run: reduce_probe [reps]
#include <cub/device/device_reduce.cuh>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include "common/cub_helpers.cuh"
#include "common/gpu_timer.cuh"
#include "ordo/cuda/primitives/dispatch/cub_backed.cuh"
#include "ordo/device_buffer.hpp"

namespace {

int reps = 9;
bool all_ok = true;

template <class T>
void probe(const char* name, std::uint64_t n) {
  std::vector<T> h(n);
  for (std::uint64_t i = 0; i < n; ++i) h[i] = T((i * 2654435761u) >> 12);
  std::make_unsigned_t<T> sum_bits = 0;  // the GPU's wrapping sum, without signed overflow here
  for (T x : h) sum_bits += std::make_unsigned_t<T>(x);
  const T want = T(sum_bits);
  ordo::device_buffer<T> in{std::span<const T>(h)}, out(1);
  ordo_bench::cub_temp t;
  const int cn = int(n);
  auto wrapper = [&] {
    ordo::detail::reduce_cuda<T, T, ordo::plus>(ordo::cuda{}, std::as_const(in).span(), out.span(), ordo::plus{},
                                                T(0));
  };
  auto sum = [&] {
    t.run([&](void* p, std::size_t& b) { return cub::DeviceReduce::Sum(p, b, in.data(), out.data(), cn); });
  };
  auto reduce = [&] {
    t.run([&](void* p, std::size_t& b) {
      return cub::DeviceReduce::Reduce(p, b, std::as_const(in).data(), out.data(), cn, ::cuda::std::plus<>{}, T(0));
    });
  };
  auto sum_alloc = [&] {
    std::size_t bytes = 0;
    ORDO_CUDA_CHECK(cub::DeviceReduce::Sum(nullptr, bytes, in.data(), out.data(), cn));
    ordo::device_buffer<unsigned char> temp(bytes ? bytes : 1);
    ORDO_CUDA_CHECK(cub::DeviceReduce::Sum(temp.data(), bytes, in.data(), out.data(), cn));
  };
  auto check = [&](auto&& f) {
    ORDO_CUDA_CHECK(cudaMemset(out.data(), 0, sizeof(T)));
    f();
    T got;
    ORDO_CUDA_CHECK(cudaMemcpy(&got, out.data(), sizeof(T), cudaMemcpyDeviceToHost));
    all_ok = all_ok && got == want;
    return got == want;
  };
  const bool ok = check(wrapper) && check(sum) && check(reduce) && check(sum_alloc);
  const double floor = ordo_bench::copy_floor_ms(n * sizeof(T), reps);
  for (int round = 0; round < 2; ++round) {
    double w, s, r, a;
    if (round == 0) {
      w = ordo_bench::median_ms(wrapper, reps), s = ordo_bench::median_ms(sum, reps);
      r = ordo_bench::median_ms(reduce, reps), a = ordo_bench::median_ms(sum_alloc, reps);
    } else {
      a = ordo_bench::median_ms(sum_alloc, reps), r = ordo_bench::median_ms(reduce, reps);
      s = ordo_bench::median_ms(sum, reps), w = ordo_bench::median_ms(wrapper, reps);
    }
    std::printf("%-8s %s: wrapper %.4f ms (%.2fx Sum)  Sum %.4f  Reduce(plus,0) %.4f  Sum+alloc %.4f  floor %.4f  %s\n",
                name, round ? "reversed" : "in order", w, w / s, s, r, a, floor, ok ? "(verified)" : "WRONG");
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc > 1) reps = std::atoi(argv[1]);
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  const std::uint64_t n = std::uint64_t(1) << 28;
  probe<std::uint32_t>("uint32", n);
  probe<std::int32_t>("int32", n);
  probe<std::int64_t>("int64", n);
  probe<std::uint64_t>("uint64", n);
  std::printf(all_ok ? "all outputs verified\n" : "SOME OUTPUT WRONG\n");
  return all_ok ? 0 : 1;
}
