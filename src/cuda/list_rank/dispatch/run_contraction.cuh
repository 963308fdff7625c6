// Host side of run contraction (kernel/run_kernels.cuh): whether to
// contract, and the five passes around the ranking of the list of runs.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "cuda/list_rank/kernel/run_kernels.cuh"
#include "ordo/list_rank.hpp"

namespace ordo::detail::cuda_list {

inline constexpr unsigned run_samples = 4096;
// Contract when at least 1/8 of the sampled links are consecutive: the
// list of runs is then at most 7/8 of the list, and the five streaming
// passes cost less than an eighth of a random walk over it (H100).
inline constexpr unsigned run_sample_threshold = run_samples / 8;
// Below this size RHJ is not chosen and the passes' launches would dominate.
inline constexpr std::uint64_t run_detect_min = std::uint64_t(1) << 19;

template <class T>
T read_back(const cuda& exec, const T* d) {
  T h{};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, d, sizeof(T), cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  return h;
}

template <class Index>
bool contract_runs_now(const cuda& exec, const Index* succ, std::uint64_t n, list_runs runs) {
  // Runs are numbered in 32 bits, with ~0 left for the end marker.
  if (runs == list_runs::keep || n < 2 || n >= 0xffffffffULL) return false;
  if (runs == list_runs::contract) return true;
  if (n <= run_detect_min) return false;
  scratch<unsigned> count(exec, 1);
  sample_consecutive<<<1, sample_threads, 0, exec.stream>>>(succ, n, run_samples, count.data());
  ORDO_CUDA_LAUNCH_CHECK("sample_consecutive");
  return read_back(exec, count.data()) >= run_sample_threshold;
}

// rank_runs(succ1, m, src1, sink1) ranks the list of runs; sink1 receives
// each run's inclusive prefix (everything before the run) and cycle flag.
template <class V, class Index, class Src, class Op, class Sink, class RankRuns>
void contract_runs(const cuda& exec, const Index* succ, std::uint64_t n, Src src, Op op, Sink sink, bool validate,
                   RankRuns rank_runs) {
  const std::uint64_t tiles = (n + run_tile - 1) / run_tile;
  scratch<run_item<V>> prefixes(exec, tiles);
  scratch<std::uint32_t> run_count(exec, 1);
  run_tile_totals<V><<<unsigned(tiles), run_threads, 0, exec.stream>>>(succ, n, src, op, prefixes.data());
  ORDO_CUDA_LAUNCH_CHECK("run_tile_totals");
  run_tile_prefixes<V><<<1, run_threads, 0, exec.stream>>>(prefixes.data(), tiles, op, run_count.data());
  ORDO_CUDA_LAUNCH_CHECK("run_tile_prefixes");
  // Per-run arrays at capacity n (16 bytes of scratch per node in all), so
  // that run_ends follows at once and the run count is read back after it.
  scratch<std::uint32_t> head_run(exec, n);
  scratch<Index> tail_succ(exec, n);
  scratch<V> value1(exec, n), tail_total(exec, n);
  run_ends<V><<<unsigned(tiles), run_threads, 0, exec.stream>>>(succ, n, src, op, prefixes.data(), head_run.data(),
                                                                 value1.data(), tail_succ.data(), tail_total.data());
  ORDO_CUDA_LAUNCH_CHECK("run_ends");
  const std::uint32_t m = read_back(exec, run_count.data());
  scratch<std::uint32_t> succ1(exec, m);
  scratch<V> prefix1(exec, m);
  scratch<unsigned char> cyclic1(exec, validate ? m : 0);
  link_runs<V><<<elementwise_blocks(m), 256, 0, exec.stream>>>(succ, n, m, head_run.data(), tail_succ.data(),
                                                                tail_total.data(), succ1.data(), value1.data());
  ORDO_CUDA_LAUNCH_CHECK("link_runs");
  rank_runs(static_cast<const std::uint32_t*>(succ1.data()), std::uint64_t(m), array_source<V>{value1.data()},
            level_sink<V>{prefix1.data(), validate ? cyclic1.data() : nullptr});
  expand_runs<V><<<unsigned(tiles), run_threads, 0, exec.stream>>>(succ, n, src, op, prefixes.data(), prefix1.data(),
                                                                    validate ? cyclic1.data() : nullptr, sink);
  ORDO_CUDA_LAUNCH_CHECK("expand_runs");
}

}  // namespace ordo::detail::cuda_list
