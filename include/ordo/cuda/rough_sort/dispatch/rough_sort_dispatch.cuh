// Dispatch scope: radius, rough_sort and the adaptive sort on the GPU.
//
// Keys become order codes (segsort::code_io: ascending or descending, float
// codes canonical so that -0.0 ties +0.0 and NaN sorts last, as ordo::less
// says); the kernels are compiled once per code width (rough_codes_32/64.cu).
//
// The adaptive sort first measures a lower bound of the radius on a sample
// of windows (radius_probe_kernel.cuh, 0.1% of the keys): past the
// crossover it goes straight to CUB's radix sort, otherwise it starts at the
// run length that bound asks for. Keys-only integer sorts take the register
// kernels (runs of 16 and 32: roughsort_keys/pairs_kernel.cuh; 64 to 512:
// roughsort_lanes_kernel.cuh), which check that their output is sorted;
// every other sort runs the fused window kernel, which checks its own
// precondition and reports its radius when it fails. A failed guess is
// followed by a larger run (at least doubling), until the crossover. Each
// guess costs one small device-to-host copy; a wrong one costs little
// because blocks stop as soon as one has failed.
#pragma once
#include <cuda_runtime.h>
#include <thrust/iterator/reverse_iterator.h>

#include <cub/device/device_scan.cuh>
#include <cuda/functional>

#include <algorithm>
#include <cstdint>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/rough_sort/dispatch/policies.cuh"
#include "ordo/cuda/rough_sort/kernel/radius_kernels.cuh"
#include "ordo/cuda/rough_sort/kernel/radius_probe_kernel.cuh"
#include "ordo/cuda/rough_sort/kernel/roughsort_kernel.cuh"
#include "ordo/cuda/rough_sort/kernel/roughsort_keys_kernel.cuh"
#include "ordo/cuda/rough_sort/kernel/roughsort_lanes_kernel.cuh"
#include "ordo/cuda/rough_sort/kernel/roughsort_pairs_kernel.cuh"
#include "ordo/cuda/rough_sort/kernel/roughsort_tiles_kernel.cuh"
#include "ordo/rough_sort.hpp"

namespace ordo::detail::rough {

using segsort::code_io;
using segsort::key_kind;
using segsort::value_mover;

template <class Code, int THREADS, int R>
void launch_window(const cuda& exec, const code_io<Code>& io, std::uint64_t n, std::uint32_t check_k, bool check_only,
                   rough_status* st) {
  using shape = window_shape<THREADS, R>;
  const std::uint64_t blocks = (n + shape::T - 1) / shape::T;
  roughsort_window_kernel<Code, THREADS, R><<<unsigned(blocks), THREADS, 0, exec.stream>>>(io, n, check_k, check_only, st);
  ORDO_CUDA_CHECK(cudaGetLastError());
}

// A pass's status back on the host: its one synchronisation.
inline rough_status read_status(const cuda& exec, const rough_status* st) {
  rough_status h{};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, st, sizeof(h), cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  return h;
}

// The passes whose kernels check only their own blocks: the edges between
// the `count` blocks are checked here, then the status read back.
template <class Code>
rough_status read_edge_status(const cuda& exec, const Code* edges, std::uint64_t count, rough_status* st) {
  check_block_edges_kernel<Code><<<elementwise_blocks(count), 256, 0, exec.stream>>>(edges, count, st);
  ORDO_CUDA_CHECK(cudaGetLastError());
  return read_status(exec, st);
}

// One pass of the fused kernel with runs of R; synchronises to read the status.
template <class Code>
rough_status window_pass(const cuda& exec, const code_io<Code>& io, std::uint64_t n, int R, std::uint64_t check_k,
                         bool check_only) {
  scratch<rough_status> st(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(st.data(), 0, sizeof(rough_status), exec.stream));
  const auto ck = std::uint32_t(std::min<std::uint64_t>(check_k, 0xffffffffu));
  switch (R) {
    case 16: launch_window<Code, 256, 16>(exec, io, n, ck, check_only, st.data()); break;
    case 32: launch_window<Code, 256, 32>(exec, io, n, ck, check_only, st.data()); break;
    case 64: launch_window<Code, 256, 64>(exec, io, n, ck, check_only, st.data()); break;
    case 128: launch_window<Code, 256, 128>(exec, io, n, ck, check_only, st.data()); break;
    case 256: launch_window<Code, 256, 256>(exec, io, n, ck, check_only, st.data()); break;
    default:
      if constexpr (sizeof(Code) == 4) {
        if (R == 512) launch_window<Code, 512, 512>(exec, io, n, ck, check_only, st.data());
        else launch_window<Code, 512, 1024>(exec, io, n, ck, check_only, st.data());
      }
  }
  return read_status(exec, st.data());
}

// Keys-only integer sorts (equal codes are equal keys, so stability is moot)
// take the register kernels, for runs up to lanes_max_run.
template <class Code>
bool keys_only_integers(const code_io<Code>& io) {
  return io.values.bytes == 0 && io.kind != key_kind::floating;
}

template <class Code>
bool keys_kernel_fits(const code_io<Code>& io, int R) {
  return keys_only_integers(io) && R <= sm90_rough_policy::lanes_max_run;
}

template <class Code, int G>
void launch_lanes(const cuda& exec, const code_io<Code>& io, std::uint64_t n, rough_status* st, Code* edges,
                  std::uint64_t blocks) {
  constexpr int threads = sm90_rough_policy::lanes_threads(sizeof(Code));
  roughsort_lanes_kernel<Code, threads, G><<<unsigned(blocks), threads, 0, exec.stream>>>(io, n, st, edges);
}

// The blocks a register kernel needs for runs of R.
template <class Code>
std::uint64_t keys_blocks(std::uint64_t n, int R) {
  constexpr int threads = sm90_rough_policy::keys_threads;
  if (R <= 16) return ((n + 15) / 16 + 1 + keys_runs_per_block<threads> - 1) / keys_runs_per_block<threads>;
  if (R <= 32) return ((n + 15) / 16 + 1 + pair_chunks_per_block<threads> - 1) / pair_chunks_per_block<threads>;
  const std::uint64_t per = sm90_rough_policy::lanes_threads(sizeof(Code)) - R / lane_chunk;
  return ((n + lane_chunk - 1) / lane_chunk + R / lane_chunk / 2 + per - 1) / per;
}

// One pass of a register kernel (runs of 16 to 512): `failed` when the keys
// were not R/2-sorted (the output is then an unsorted permutation).
template <class Code>
rough_status keys_pass(const cuda& exec, const code_io<Code>& io, std::uint64_t n, int R) {
  constexpr int threads = sm90_rough_policy::keys_threads;
  const std::uint64_t blocks = keys_blocks<Code>(n, R);
  scratch<rough_status> st(exec, 1);
  scratch<Code> edges(exec, 2 * blocks);
  ORDO_CUDA_CHECK(cudaMemsetAsync(st.data(), 0, sizeof(rough_status), exec.stream));
  switch (R) {
    case 16:
      roughsort_keys_kernel<Code, threads, 16><<<unsigned(blocks), threads, 0, exec.stream>>>(io, n, st.data(), edges.data());
      break;
    case 32:
      roughsort_pairs_kernel<Code, threads, 16><<<unsigned(blocks), threads, 0, exec.stream>>>(io, n, st.data(), edges.data());
      break;
    case 64: launch_lanes<Code, 4>(exec, io, n, st.data(), edges.data(), blocks); break;
    case 128: launch_lanes<Code, 8>(exec, io, n, st.data(), edges.data(), blocks); break;
    case 256: launch_lanes<Code, 16>(exec, io, n, st.data(), edges.data(), blocks); break;
    default: launch_lanes<Code, 32>(exec, io, n, st.data(), edges.data(), blocks); break;
  }
  ORDO_CUDA_CHECK(cudaGetLastError());
  return read_edge_status(exec, edges.data(), blocks, st.data());
}

template <class Code, int THREADS, bool TRACK>
void launch_tiles(const cuda& exec, const code_io<Code>& io, std::uint64_t n, std::uint16_t* positions, Code* edges,
                  std::uint64_t merges) {
  constexpr int T = THREADS * tile_items;
  const std::uint64_t tiles = (n + T - 1) / T;
  constexpr std::size_t sort_bytes = sizeof(typename prim::tile_radix_sort<Code, THREADS, tile_items, TRACK>::storage);
  constexpr std::size_t merge_bytes = half_merge_smem<Code, TRACK>(THREADS);
  allow_smem(roughsort_tile_sort_kernel<Code, THREADS, TRACK>, sort_bytes);
  allow_smem(roughsort_half_merge_kernel<Code, THREADS, TRACK>, merge_bytes);
  roughsort_tile_sort_kernel<Code, THREADS, TRACK><<<unsigned(tiles), THREADS, sort_bytes, exec.stream>>>(io, n, positions);
  ORDO_CUDA_CHECK(cudaGetLastError());
  roughsort_half_merge_kernel<Code, THREADS, TRACK>
      <<<unsigned(merges), THREADS, merge_bytes, exec.stream>>>(io, n, positions, edges);
  ORDO_CUDA_CHECK(cudaGetLastError());
}

// The tile length the tiles pass uses for runs of R.
inline int tile_for_run(int R) {
  return R <= sm90_rough_policy::tiles_min_run ? sm90_rough_policy::tiles_min_run : R;
}

// Runs of R (2048 to 8192, shorter runs take 2048) sorted by block radix
// sorts, then merged (roughsort_tiles_kernel.cuh): `failed` when the keys
// were not T/2-sorted (the output is then an unsorted permutation).
template <class Code>
rough_status tiles_pass(const cuda& exec, const code_io<Code>& io, std::uint64_t n, int R) {
  const int T = tile_for_run(R);
  const std::uint64_t merges = (n + T / 2 + T - 1) / T;
  const bool track = io.values.bytes != 0 || io.gather_keys;
  scratch<rough_status> st(exec, 1);
  scratch<Code> edges(exec, 2 * merges);
  scratch<std::uint16_t> positions(exec, track ? n : 0);
  ORDO_CUDA_CHECK(cudaMemsetAsync(st.data(), 0, sizeof(rough_status), exec.stream));
  auto go = [&](auto tracked) {
    constexpr bool TRACK = decltype(tracked)::value;
    if (T == 2048) launch_tiles<Code, 128, TRACK>(exec, io, n, positions.data(), edges.data(), merges);
    else if (T == 4096) launch_tiles<Code, 256, TRACK>(exec, io, n, positions.data(), edges.data(), merges);
    else launch_tiles<Code, 512, TRACK>(exec, io, n, positions.data(), edges.data(), merges);
  };
  if (track) go(std::true_type{});
  else go(std::false_type{});
  return read_edge_status(exec, edges.data(), merges, st.data());
}

// A lower bound of the radius from probe_windows sampled windows.
template <class Code>
std::uint64_t radius_lower_bound(const cuda& exec, const code_io<Code>& io, std::uint64_t n) {
  if (n < 2) return 0;
  scratch<rough_status> st(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(st.data(), 0, sizeof(rough_status), exec.stream));
  // At most one key in 16 is sampled, so small arrays pay little for the probe.
  const std::uint64_t fit = n / (16 * std::uint64_t(probe_window));
  const unsigned windows = unsigned(fit < 1 ? 1 : fit > std::uint64_t(probe_windows) ? probe_windows : fit);
  allow_smem(radius_probe_kernel<Code>, probe_smem<Code>());
  radius_probe_kernel<Code><<<windows, probe_threads, probe_smem<Code>(), exec.stream>>>(io, n, st.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
  return read_status(exec, st.data()).lower_bound;
}

template <class Code>
std::uint64_t radius_codes(const cuda& exec, const code_io<Code>& io, std::uint64_t n) {
  if (n < 2) return 0;
  const std::uint64_t chunks = (n + radius_chunk - 1) / radius_chunk;
  scratch<Code> cmax(exec, chunks), cmin(exec, chunks), groups(exec, chunks * radius_groups);
  scratch<unsigned long long> r(exec, 1);
  scratch<std::uint16_t> far_slots(exec, chunks * radius_far_slots);
  scratch<std::uint32_t> far_count(exec, chunks);
  ORDO_CUDA_CHECK(cudaMemsetAsync(r.data(), 0, sizeof(unsigned long long), exec.stream));
  chunk_extrema_kernel<Code><<<unsigned(chunks), radius_threads, 0, exec.stream>>>(io, n, cmax.data(), cmin.data(),
                                                                                   groups.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
  // The carries: prefix maxima of the chunk maxima, suffix minima of the minima.
  const auto rmin = thrust::make_reverse_iterator(cmin.data() + chunks);
  std::size_t max_bytes = 0, min_bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceScan::InclusiveScan(nullptr, max_bytes, cmax.data(), cmax.data(), ::cuda::maximum<>{},
                                                 chunks, exec.stream));
  ORDO_CUDA_CHECK(cub::DeviceScan::InclusiveScan(nullptr, min_bytes, rmin, rmin, ::cuda::minimum<>{}, chunks,
                                                 exec.stream));
  scratch<unsigned char> tmp(exec, std::max(max_bytes, min_bytes));
  ORDO_CUDA_CHECK(cub::DeviceScan::InclusiveScan(tmp.data(), max_bytes, cmax.data(), cmax.data(), ::cuda::maximum<>{},
                                                 chunks, exec.stream));
  ORDO_CUDA_CHECK(cub::DeviceScan::InclusiveScan(tmp.data(), min_bytes, rmin, rmin, ::cuda::minimum<>{}, chunks,
                                                 exec.stream));
  radius_chunk_kernel<Code><<<unsigned(chunks), radius_threads, 0, exec.stream>>>(io, n, cmax.data(), cmin.data(),
                                                                                  groups.data(), chunks,
                                                                                  far_slots.data(), far_count.data(),
                                                                                  r.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
  const auto far_blocks = unsigned((chunks + radius_far_chunks_per_block - 1) / radius_far_chunks_per_block);
  radius_far_kernel<Code><<<far_blocks, radius_threads, 0, exec.stream>>>(io, n, cmax.data(), groups.data(), chunks,
                                                                          far_slots.data(), far_count.data(), r.data());
  ORDO_CUDA_CHECK(cudaGetLastError());
  unsigned long long h = 0;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, r.data(), sizeof(h), cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  return h;
}

extern template rough_status window_pass<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&, std::uint64_t,
                                                        int, std::uint64_t, bool);
extern template rough_status window_pass<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t,
                                                        int, std::uint64_t, bool);
extern template rough_status keys_pass<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&, std::uint64_t, int);
extern template rough_status keys_pass<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t, int);
extern template rough_status tiles_pass<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&, std::uint64_t, int);
extern template rough_status tiles_pass<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t, int);
extern template std::uint64_t radius_lower_bound<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&,
                                                                std::uint64_t);
extern template std::uint64_t radius_lower_bound<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&,
                                                                std::uint64_t);
extern template std::uint64_t radius_codes<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&, std::uint64_t);
extern template std::uint64_t radius_codes<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t);

// CUB's radix sort (radix_fallback.cu): unsigned keys directly, other keys
// through their codes; values follow by position. Stable.
void radix_sort_any(const cuda& exec, key_kind kind, bool descending, unsigned key_bytes, const void* keys_in,
                    void* keys_out, const value_mover& values, std::uint64_t n);

template <class Key>
code_io<key_code_t<Key>> make_io(const Key* in, Key* out, const value_mover& v, bool descending) {
  using Code = key_code_t<Key>;
  constexpr key_kind kind = key_traits<Key>::kind;
  const bool fp = kind == key_kind::floating;
  return {reinterpret_cast<const Code*>(in), reinterpret_cast<Code*>(out), v, kind, descending, fp, fp};
}

template <class Code>
constexpr int max_window_run() {
  return sizeof(Code) == 4 ? sm90_rough_policy::max_run_32 : sm90_rough_policy::max_run_64;
}

// Which kernel sorts runs of R: the register kernels for keys-only integers
// (up to 512), the fused window kernel (up to 1024 for 4-byte codes, 256 for
// 8-byte ones; with `fastest`, only up to the run where the tiles start to
// win), the tiles pass beyond, up to tiles_max_run.
enum class pass_kind { registers, window, tiles };

template <class Code>
pass_kind pick_pass(const code_io<Code>& io, int R, bool fastest) {
  if (keys_kernel_fits(io, R)) return pass_kind::registers;
  const int window_top = fastest ? sm90_rough_policy::window_fastest_run : max_window_run<Code>();
  return R <= window_top ? pass_kind::window : pass_kind::tiles;
}

// The radius up to which roughsort beats CUB's radix sort (automatic choices).
template <class Code>
std::uint64_t rough_crossover(const code_io<Code>& io) {
  return keys_only_integers(io) ? sm90_rough_policy::max_keys_radius : sm90_rough_policy::max_rough_radius;
}

// One pass with runs of R by kernel `kind`; the window kernel checks
// check_k-sortedness, the others that the result is sorted.
template <class Code>
rough_status run_pass(const cuda& exec, const code_io<Code>& io, std::uint64_t n, int R, pass_kind kind,
                      std::uint64_t check_k) {
  switch (kind) {
    case pass_kind::registers: return keys_pass(exec, io, n, R);
    case pass_kind::window: return window_pass(exec, io, n, R, check_k, false);
    default: return tiles_pass(exec, io, n, R);
  }
}

}  // namespace ordo::detail::rough

namespace ordo::detail {

template <class Key>
std::uint64_t radius_cuda(const cuda& exec, const Key* keys, std::uint64_t n, sort_order order) {
  using namespace rough;
  return radius_codes(exec, make_io<Key>(keys, nullptr, {}, order == sort_order::descending), n);
}

// ordo's merge sort (the primitives' sort_idx) and a gather of the values.
template <class Key>
void merge_sort_cuda(const cuda& exec, const Key* in, Key* out, const rough::value_mover& v, std::uint64_t n,
                     bool descending);

template <class Key>
void sort_cuda(const cuda& exec, const Key* keys_in, Key* keys_out, const void* values_in, void* values_out,
               unsigned value_bytes, std::uint64_t n, const sort_options& o) {
  using namespace rough;
  if (n == 0) return;
  const bool desc = o.order == sort_order::descending;
  const value_mover v{values_in, values_out, value_bytes};
  if (o.variant == sort_variant::merge_sort) return merge_sort_cuda(exec, keys_in, keys_out, v, n, desc);
  if (o.variant != sort_variant::radix_sort) {
    const auto io = make_io(keys_in, keys_out, v, desc);
    constexpr int top = sm90_rough_policy::tiles_max_run;
    const std::uint64_t limit = o.variant == sort_variant::rough_sort ? std::uint64_t(top / 2)
                                : o.max_rough_radius                ? o.max_rough_radius
                                                                    : rough_crossover(io);
    const std::uint64_t bound = radius_lower_bound(exec, io, n);
    int run = std::max(sm90_rough_policy::first_guess_run, run_for_radius(bound));
    // One register pass covers every radius up to 16 (runs of 32 cost no more than 16).
    if (keys_only_integers(io)) run = std::max(run, sm90_rough_policy::keys_max_run);
    while (bound <= limit && run <= top && std::uint64_t(run / 2) <= std::max<std::uint64_t>(limit, 8)) {
      const rough_status st = run_pass(exec, io, n, run, pick_pass(io, run, true), std::uint64_t(run / 2));
      if (!st.failed) return;
      if (st.lower_bound > limit) break;
      // Only the window kernel measures the radius; the others say it is more than run / 2.
      run = run_for_radius(std::max<std::uint64_t>(st.lower_bound, std::uint64_t(run)));
    }
  }
  radix_sort_any(exec, key_traits<Key>::kind, desc, unsigned(sizeof(Key)), keys_in, keys_out, v, n);
}

template <class Key>
void rough_sort_cuda(const cuda& exec, const Key* keys_in, Key* keys_out, const void* values_in, void* values_out,
                     unsigned value_bytes, std::uint64_t n, std::uint64_t k, const rough_sort_options& o) {
  using namespace rough;
  if (o.variant == rough_sort_variant::halving || o.variant == rough_sort_variant::bubble)
    throw error(errc::not_supported, std::string("rough_sort: the ") + to_string(o.variant) +
                                         " variant runs on the CPU (the GPU runs `runs`)");
  if (n == 0) return;
  const bool desc = o.order == sort_order::descending;
  const bool raise = o.on_wrong_k == wrong_radius::raise;
  const value_mover v{values_in, values_out, value_bytes};
  const auto io = make_io(keys_in, keys_out, v, desc);
  const int run = run_for_radius(k);
  // Beyond the kernels' runs, or (automatic) past the measured crossover
  // where radix sort is faster: check k, then a full sort.
  if (run > sm90_rough_policy::tiles_max_run ||
      (o.variant == rough_sort_variant::automatic && k > rough_crossover(io))) {
    if (raise) {
      const std::uint64_t r = radius_cuda(exec, keys_in, n, o.order);
      if (r > k) throw_not_k_sorted(k, r);
    }
    return radix_sort_any(exec, key_traits<Key>::kind, desc, unsigned(sizeof(Key)), keys_in, keys_out, v, n);
  }
  const pass_kind kind = o.variant == rough_sort_variant::radix_runs
                             ? pass_kind::tiles
                             : pick_pass(io, run, o.variant == rough_sort_variant::automatic);
  if (raise) {
    // The window kernel checks k in one pass where it has runs that long.
    const bool bad = kind == pass_kind::window ? window_pass(exec, io, n, run, k, true).failed
                                               : radius_codes(exec, io, n) > k;
    if (bad) throw_not_k_sorted(k, radius_cuda(exec, keys_in, n, o.order));
  }
  // Sorting is right whenever the keys are run/2-sorted, so that is what the
  // kernels check (a hint a little low still sorts in one pass).
  if (run_pass(exec, io, n, run, kind, raise ? k : std::uint64_t(run / 2)).failed)
    sort_cuda(exec, keys_in, keys_out, values_in, values_out, value_bytes, n, sort_options{o.order});
}

}  // namespace ordo::detail
