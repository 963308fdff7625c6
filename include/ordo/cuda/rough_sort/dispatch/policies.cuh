// Dispatch scope: the GPU Roughsort's tuning, as printable structs.
//
// The fused kernel sorts windows of W = threads * 8 with runs of R = 2m
// (m >= k, a power of two, at least 8 so that runs start at thread
// boundaries). Runs up to 256 stay inside a warp (shuffles); 512 and 1024
// exchange through shared memory and use 512-thread windows so the halos
// cost less. 64-bit codes stop at 256 (their items are 12 bytes).
// Tuned on sm_90; other GPUs run the same values, their shared-memory
// opt-ins checked at each launch (ordo/cuda/detail/arch_policy.cuh).
#pragma once
#include <cstdint>
#include <cstdio>

namespace ordo::detail::rough {

struct sm90_rough_policy {
  static constexpr int min_run = 16;
  static constexpr int max_run_32 = 1024;  // 4-byte keys: k <= 512
  static constexpr int max_run_64 = 256;   // 8-byte keys: k <= 128
  static constexpr int first_guess_run = 16;  // the adaptive sort tries k <= 8 first
  // The adaptive sort's crossover: past the tiles pass's runs (k > 4096) CUB's
  // radix sort is used. Up to there roughsort wins on sm_90
  // (docs/benchmarks.md#tuning-rough-crossover).
  static constexpr std::uint64_t max_rough_radius = 4096;
  static constexpr int threads_for(int run) { return run >= 512 ? 512 : 256; }
  // Keys-only integer sorts: runs of 16 with one run per thread
  // (roughsort_keys_kernel.cuh), runs of 32 with one run per two threads
  // (roughsort_pairs_kernel.cuh), 256 threads.
  static constexpr int keys_max_run = 32;
  static constexpr int keys_threads = 256;
  // Then runs of 64 to 512 spread over 4 to 32 lanes of 16 keys
  // (roughsort_lanes_kernel.cuh), 512 threads for 4-byte keys (the last run
  // of a block is a halo: 1/16 of the reads), 256 for 8-byte keys.
  static constexpr int lanes_max_run = 512;
  static constexpr int lanes_threads(int code_bytes) { return code_bytes == 4 ? 512 : 256; }
  // Keys-only integers beyond runs of 512 take the tiles pass, which beats
  // CUB's radix sort up to its last run (docs/benchmarks.md#tuning-rough-keys-radius).
  static constexpr std::uint64_t max_keys_radius = 4096;
  // The output positions one block of those kernels covers; block b + 1's
  // first output is at (b + 1) * span - run / 2 (the tests aim at it).
  static constexpr std::uint64_t keys_block_span(int run, int code_bytes = 4) {
    return run <= 16   ? std::uint64_t(keys_threads - 1) * run
           : run <= 32 ? std::uint64_t(keys_threads - 2) * (run / 2)
                       : std::uint64_t(lanes_threads(code_bytes) - run / 16) * 16;
  }
  // Runs of 2048 to 8192 (k <= 4096): block radix sorts of tiles of T, then
  // one merge of the halves (roughsort_tiles_kernel.cuh); shorter runs that
  // take this path use T = 2048.
  static constexpr int tiles_min_run = 2048;
  static constexpr int tiles_max_run = 8192;
  // The fused window kernel's fastest runs; longer ones go to the tiles
  // (docs/benchmarks.md#tuning-rough-window).
  static constexpr int window_fastest_run = 128;
  static void print(std::FILE* f) {
    std::fprintf(f, "sm90_rough_policy: runs %d..%d (4-byte keys) / %d (8-byte keys), first guess %d, "
                    "threads 256 (512 for runs >= 512), adaptive crossover k <= %llu; keys-only integers: "
                    "register runs of 16 (a run per thread) and 32 (a run per two threads), %d threads, "
                    "runs of 64..%d over lanes of 16 keys (%d threads; crossover k <= %llu); "
                    "radix tiles for runs of %d..%d, window kernel up to runs of %d where it is fastest\n",
                 min_run, max_run_32, max_run_64, first_guess_run, (unsigned long long)max_rough_radius,
                 keys_threads, lanes_max_run, lanes_threads(4), (unsigned long long)max_keys_radius,
                 tiles_min_run, tiles_max_run, window_fastest_run);
  }
};

// The run length for radius k: the smallest power of two >= max(2k, 16).
inline int run_for_radius(std::uint64_t k) {
  std::uint64_t r = sm90_rough_policy::min_run;
  while (r < 2 * k) r *= 2;
  return r > (std::uint64_t(1) << 30) ? (1 << 30) : int(r);
}

}  // namespace ordo::detail::rough
