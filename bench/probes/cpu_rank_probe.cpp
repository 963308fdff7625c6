// Probe: what bounds the threaded CPU min rank at n = 2^28 on the GPU machine's
// host? Times, in one process: the sequential loop, the threaded loop with
// normal and with streaming stores, and a threaded copy of the same bytes, over
// buffers whose pages were first touched by one thread (as the benchmark does)
// and by the threads that later use them (NUMA-local).
//
//   g++ -std=c++20 -O3 -fopenmp -Isrc -Iinclude bench/probes/cpu_rank_probe.cpp -o cpu_rank_probe
//   ./cpu_rank_probe [log2n] [p...]
#include <emmintrin.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <random>
#include <vector>

#include "cpu/rank/min_rank_lines.hpp"
#include "cpu/rank/modified_binary_search.hpp"

namespace {

using K = std::int32_t;
using R = std::uint32_t;

template <class F>
double median_ms(F&& f, int reps = 7) {
  std::vector<double> t;
  f();  // warm
  for (int r = 0; r < reps; ++r) {
    const auto a = std::chrono::steady_clock::now();
    f();
    t.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - a).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void seq(const K* k, R* r, std::size_t n) {
  R v = 1;
  r[0] = 1;
  for (std::size_t i = 1; i < n; ++i) {
    if (k[i] != k[i - 1]) v = R(i + 1);
    r[i] = v;
  }
}

template <bool Stream>
void par(const K* k, R* out, std::size_t n, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int c = 0; c < threads; ++c) {
    const std::size_t b = n * c / threads, e = n * (c + 1) / threads;
    R v = R(ordo::detail::cpu_rank::first_occurrence(k, b) + 1);
    std::size_t i = b;
    auto next = [&] {
      if (i > b && k[i] != k[i - 1]) v = R(i + 1);
      ++i;
      return v;
    };
    if (Stream) {
      while (i < e && reinterpret_cast<std::uintptr_t>(out + i) % 64) out[i] = next();
      for (; i + 16 <= e;) {
        alignas(64) R t[16];
        const std::size_t at = i;
        for (auto& x : t) x = next();
        for (int q = 0; q < 4; ++q)
          _mm_stream_si128(reinterpret_cast<__m128i*>(out + at) + q, _mm_load_si128(reinterpret_cast<__m128i*>(t) + q));
      }
      _mm_sfence();
    }
    while (i < e) out[i] = next();
  }
}

// The library's threaded min loop: heads as a bit mask per line of ranks.
void par_lines(const K* k, R* out, std::size_t n, int threads, bool stream) {
  using namespace ordo::detail::cpu_rank;
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int c = 0; c < threads; ++c) {
    const std::size_t b = n * c / threads, e = n * (c + 1) / threads;
    min_rank_lines<K, R> gen{k, b + 1, first_occurrence(k, b) + 1};
    out[b] = R(gen.group);
    fill_by_lines(out, b + 1, e, stream, gen);
  }
}

void copy_par(const K* k, R* out, std::size_t n, int threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int c = 0; c < threads; ++c) {
    const std::size_t b = n * c / threads, e = n * (c + 1) / threads;
    std::memcpy(out + b, k + b, (e - b) * sizeof(K));
  }
}

template <class T>
T* alloc(std::size_t n, bool parallel_touch, int threads) {
  T* p = static_cast<T*>(std::aligned_alloc(64, n * sizeof(T)));
  if (parallel_touch) {
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int c = 0; c < threads; ++c)
      std::memset(p + n * c / threads, 0, (n * (c + 1) / threads - n * c / threads) * sizeof(T));
  } else {
    std::memset(p, 0, n * sizeof(T));
  }
  return p;
}

}  // namespace

int main(int argc, char** argv) {
  const int lg = argc > 1 ? std::atoi(argv[1]) : 28;
  const std::size_t n = std::size_t(1) << lg;
  std::vector<double> ps;
  for (int a = 2; a < argc; ++a) ps.push_back(std::atof(argv[a]));
  if (ps.empty()) ps = {0.0, 0.9};
  const int hw = omp_get_max_threads();
  std::printf("n=2^%d threads=%d\n", lg, hw);
  for (bool touch : {false, true}) {
    K* k = alloc<K>(n, touch, hw);
    R* r = alloc<R>(n, touch, hw);
    R* want = alloc<R>(n, false, 1);
    for (double p : ps) {
      std::mt19937_64 g(42);
      std::bernoulli_distribution tie(p);
      K v = 0;
      for (std::size_t i = 0; i < n; ++i) k[i] = (i == 0 || !tie(g)) ? ++v : v;
      seq(k, want, n);
      const double ts = median_ms([&] { seq(k, r, n); });
      for (int threads : {8, hw}) {
        const double tn = median_ms([&] { par<false>(k, r, n, threads); });
        const bool okn = std::memcmp(r, want, n * sizeof(R)) == 0;
        std::memset(r, 0, n * sizeof(R));
        const double tt = median_ms([&] { par<true>(k, r, n, threads); });
        const bool okt = std::memcmp(r, want, n * sizeof(R)) == 0;
        std::memset(r, 0, n * sizeof(R));
        const double tb = median_ms([&] { par_lines(k, r, n, threads, true); });
        const bool okb = std::memcmp(r, want, n * sizeof(R)) == 0;
        const double tc = median_ms([&] { copy_par(k, r, n, threads); });
        std::printf("touch=%s p=%g threads=%d seq %.1f ms | normal %.1f (%.2fx%s) | stream %.1f (%.2fx%s) | lines+stream %.1f (%.2fx%s) | memcpy %.1f (%.2fx)\n",
                    touch ? "parallel" : "single", p, threads, ts, tn, ts / tn, okn ? "" : " WRONG", tt, ts / tt,
                    okt ? "" : " WRONG", tb, ts / tb, okb ? "" : " WRONG", tc, ts / tc);
      }
    }
    std::free(k);
    std::free(r);
    std::free(want);
  }
}
