// Dispatch scope: radius, rough_sort and the adaptive sort on the GPU.
//
// Keys become order codes (segsort::code_io: ascending or descending, float
// codes canonical so that -0.0 ties +0.0 and NaN sorts last, as ordo::less
// says); the kernels are compiled once per code width (rough_codes_32/64.cu).
//
// The adaptive sort guesses k <= 16. Keys-only integer sorts first take the
// register kernel (roughsort_keys_kernel.cuh), which checks that its output
// is sorted; every other sort runs the fused window kernel, which checks its
// own precondition. A failing window reports its radius; the
// next guess covers that (at least doubling), until the radius passes the
// crossover and CUB's radix sort takes over. Each guess costs one small
// device-to-host copy; a wrong one costs little because blocks stop as soon
// as one has failed. Random input therefore pays one aborted launch.
#pragma once
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/rough_sort/dispatch/policies.cuh"
#include "ordo/cuda/rough_sort/kernel/radius_kernels.cuh"
#include "ordo/cuda/rough_sort/kernel/roughsort_kernel.cuh"
#include "ordo/cuda/rough_sort/kernel/roughsort_keys_kernel.cuh"
#include "ordo/cuda/rough_sort/kernel/roughsort_pairs_kernel.cuh"
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

// One pass of the fused kernel with runs of R; synchronises to read the status.
template <class Code>
rough_status window_pass(const cuda& exec, const code_io<Code>& io, std::uint64_t n, int R, std::uint64_t check_k,
                         bool check_only) {
  scratch<rough_status> st(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(st.get(), 0, sizeof(rough_status), exec.stream));
  const auto ck = std::uint32_t(std::min<std::uint64_t>(check_k, 0xffffffffu));
  switch (R) {
    case 16: launch_window<Code, 256, 16>(exec, io, n, ck, check_only, st.get()); break;
    case 32: launch_window<Code, 256, 32>(exec, io, n, ck, check_only, st.get()); break;
    case 64: launch_window<Code, 256, 64>(exec, io, n, ck, check_only, st.get()); break;
    case 128: launch_window<Code, 256, 128>(exec, io, n, ck, check_only, st.get()); break;
    case 256: launch_window<Code, 256, 256>(exec, io, n, ck, check_only, st.get()); break;
    default:
      if constexpr (sizeof(Code) == 4) {
        if (R == 512) launch_window<Code, 512, 512>(exec, io, n, ck, check_only, st.get());
        else launch_window<Code, 512, 1024>(exec, io, n, ck, check_only, st.get());
      }
  }
  rough_status h{};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, st.get(), sizeof(h), cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  return h;
}

// Keys-only integer sorts (equal codes are equal keys, so stability is moot)
// take the register kernel for runs up to keys_max_run.
template <class Code>
bool keys_kernel_fits(const code_io<Code>& io, int R) {
  return io.values.bytes == 0 && io.kind != key_kind::floating && R <= sm90_rough_policy::keys_max_run;
}

// One pass of a register kernel (runs of 16 or 32): `failed` when the keys
// were not R/2-sorted (the output is then an unsorted permutation).
template <class Code>
rough_status keys_pass(const cuda& exec, const code_io<Code>& io, std::uint64_t n, int R) {
  constexpr int threads = sm90_rough_policy::keys_threads;
  const std::uint64_t blocks = R <= 16 ? ((n + 15) / 16 + 1 + keys_runs_per_block<threads> - 1) / keys_runs_per_block<threads>
                                       : ((n + 15) / 16 + 1 + pair_chunks_per_block<threads> - 1) / pair_chunks_per_block<threads>;
  scratch<rough_status> st(exec, 1);
  scratch<Code> edges(exec, 2 * blocks);
  ORDO_CUDA_CHECK(cudaMemsetAsync(st.get(), 0, sizeof(rough_status), exec.stream));
  if (R <= 16)
    roughsort_keys_kernel<Code, threads, 16><<<unsigned(blocks), threads, 0, exec.stream>>>(io, n, st.get(), edges.get());
  else
    roughsort_pairs_kernel<Code, threads, 16><<<unsigned(blocks), threads, 0, exec.stream>>>(io, n, st.get(), edges.get());
  ORDO_CUDA_CHECK(cudaGetLastError());
  check_block_edges_kernel<Code><<<elementwise_blocks(blocks), 256, 0, exec.stream>>>(edges.get(), blocks, st.get());
  ORDO_CUDA_CHECK(cudaGetLastError());
  rough_status h{};
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, st.get(), sizeof(h), cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  return h;
}

template <class Code>
std::uint64_t radius_codes(const cuda& exec, const code_io<Code>& io, std::uint64_t n) {
  if (n < 2) return 0;
  const std::uint64_t chunks = (n + radius_chunk - 1) / radius_chunk;
  scratch<Code> cmax(exec, chunks), cmin(exec, chunks), groups(exec, chunks * radius_groups);
  scratch<unsigned long long> r(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(r.get(), 0, sizeof(unsigned long long), exec.stream));
  chunk_extrema_kernel<Code><<<unsigned(chunks), radius_threads, 0, exec.stream>>>(io, n, cmax.get(), cmin.get(),
                                                                                   groups.get());
  ORDO_CUDA_CHECK(cudaGetLastError());
  chunk_carries_kernel<Code><<<1, 1024, 0, exec.stream>>>(cmax.get(), cmin.get(), chunks);
  ORDO_CUDA_CHECK(cudaGetLastError());
  radius_chunk_kernel<Code><<<unsigned(chunks), radius_threads, 0, exec.stream>>>(io, n, cmax.get(), cmin.get(),
                                                                                  groups.get(), chunks, r.get());
  ORDO_CUDA_CHECK(cudaGetLastError());
  unsigned long long h = 0;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, r.get(), sizeof(h), cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  return h;
}

extern template rough_status window_pass<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&, std::uint64_t,
                                                        int, std::uint64_t, bool);
extern template rough_status window_pass<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t,
                                                        int, std::uint64_t, bool);
extern template rough_status keys_pass<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&, std::uint64_t, int);
extern template rough_status keys_pass<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t, int);
extern template std::uint64_t radius_codes<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&, std::uint64_t);
extern template std::uint64_t radius_codes<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t);

// CUB's radix sort (radix_fallback.cu): unsigned keys directly, other keys
// through their codes; values follow by position. Stable.
void radix_sort_any(const cuda& exec, key_kind kind, bool descending, unsigned key_bytes, const void* keys_in,
                    void* keys_out, const value_mover& values, std::uint64_t n);

template <class Key>
constexpr key_kind kind_of() {
  if constexpr (std::is_floating_point_v<Key>) return key_kind::floating;
  else if constexpr (std::is_signed_v<Key>) return key_kind::signed_int;
  else return key_kind::unsigned_int;
}

template <class Key>
using code_of = std::conditional_t<sizeof(Key) == 4, std::uint32_t, std::uint64_t>;

template <class Key>
code_io<code_of<Key>> make_io(const Key* in, Key* out, const value_mover& v, bool descending) {
  using Code = code_of<Key>;
  const bool fp = kind_of<Key>() == key_kind::floating;
  return {reinterpret_cast<const Code*>(in), reinterpret_cast<Code*>(out), v, kind_of<Key>(), descending, fp, fp};
}

template <class Key>
constexpr int max_run() {
  return sizeof(Key) == 4 ? sm90_rough_policy::max_run_32 : sm90_rough_policy::max_run_64;
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
    const std::uint64_t limit = o.variant == sort_variant::rough_sort ? std::uint64_t(max_run<Key>() / 2)
                                : o.max_rough_radius             ? o.max_rough_radius
                                                                 : sm90_rough_policy::max_rough_radius;
    int run = sm90_rough_policy::first_guess_run;
    if (keys_kernel_fits(io, sm90_rough_policy::keys_max_run)) {
      // One register pass covers every radius up to keys_max_run / 2; it
      // says nothing about a larger radius, so the next guess is the next run.
      if (!keys_pass(exec, io, n, sm90_rough_policy::keys_max_run).failed) return;
      run = 2 * sm90_rough_policy::keys_max_run;
    }
    while (run <= max_run<Key>() && std::uint64_t(run / 2) <= std::max<std::uint64_t>(limit, 8)) {
      const rough_status st = window_pass(exec, io, n, run, std::uint64_t(run / 2), false);
      if (!st.failed) return;
      if (st.lower_bound > limit) break;
      run = run_for_radius(std::max<std::uint64_t>(st.lower_bound, std::uint64_t(run)));
    }
  }
  radix_sort_any(exec, kind_of<Key>(), desc, unsigned(sizeof(Key)), keys_in, keys_out, v, n);
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
  // Beyond the fused kernel's runs, or (automatic) past the measured
  // crossover where radix sort is faster: check k, then a full sort.
  if (run > max_run<Key>() ||
      (o.variant == rough_sort_variant::automatic && k > sm90_rough_policy::max_rough_radius)) {
    if (raise) {
      const std::uint64_t r = radius_cuda(exec, keys_in, n, o.order);
      if (r > k) throw_not_k_sorted(k, r);
    }
    return radix_sort_any(exec, kind_of<Key>(), desc, unsigned(sizeof(Key)), keys_in, keys_out, v, n);
  }
  if (raise && window_pass(exec, io, n, run, k, true).failed)
    throw_not_k_sorted(k, radius_cuda(exec, keys_in, n, o.order));
  // Sorting is right whenever the keys are run/2-sorted, so that is what the
  // kernel checks (a hint a little low still sorts in one pass).
  const bool failed = keys_kernel_fits(io, run) ? keys_pass(exec, io, n, run).failed
                                                : window_pass(exec, io, n, run, raise ? k : std::uint64_t(run / 2), false).failed;
  if (failed)
    sort_cuda(exec, keys_in, keys_out, values_in, values_out, value_bytes, n, sort_options{o.order});
}

}  // namespace ordo::detail
