// Host side of rank_sorted on the GPU: validation, variant choice (from
// rank_variant_table) and the launches. Included by one .cu per key type, which
// instantiates it (ORDO_INSTANTIATE_CUDA_RANK_SORTED), so the kernels of the
// six key types compile in parallel.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <string>
#include <type_traits>

#include "common/rank/instantiate.hpp"
#include "common/rank_messages.hpp"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "cuda/rank/dispatch/launch.cuh"
#include "cuda/rank/dispatch/tile_launch.cuh"
#include "cuda/rank/kernel/dense_scan_kernel.cuh"
#include "cuda/rank/kernel/paper_kernels.cuh"
#include "cuda/rank/kernel/rank_outputs.cuh"
#include "cuda/rank/kernel/tile_rank_kernel.cuh"
#include "ordo/rank.hpp"

namespace ordo::detail::cuda_rank {

template <unsigned Needs, class K, class R, rank_method M>
void launch_tile(const cuda& exec, const K* keys, R* ranks, std::uint64_t n) {
  constexpr bool lookback = (Needs & need_dense) || (Needs & first_by_lookback);
  using Policy = rank_tile_policy<sizeof(K), lookback>;
  const std::uint64_t tiles = (n + Policy::tile - 1) / Policy::tile;
  scratch<std::uint64_t> carry_storage(exec, 0);
  const tile_carries carries =
      search_carries(exec, keys, n, Policy::tile, (Needs & need_first) && !(Needs & first_by_lookback),
                     Needs & need_last, carry_storage);
  lookback_storage<dense_count_t<R>> st(exec, tiles, lookback, Needs & need_dense);
  tile_rank_kernel<Policy, Needs><<<unsigned(tiles), Policy::block, 0, exec.stream>>>(
      keys, n, sorted_ranker<M, R>{}, contiguous_writer<R>{ranks}, st.own, carries, st.dense);
  ORDO_CUDA_LAUNCH_CHECK("tile_rank_kernel");
}

template <class K, class R>
void run_tile_variant(const cuda& exec, const K* keys, R* ranks, std::uint64_t n, rank_method m, bool lookback) {
  with_method_needs(m, [&]<rank_method M, unsigned Needs>() {
    if constexpr (M == rank_method::ordinal) {
      // handled by the caller
    } else if constexpr (M == rank_method::average && !std::is_floating_point_v<R>) {
      // integer ranks refuse average (check_rank_args)
    } else if constexpr (M == rank_method::min) {
      if (lookback) launch_tile<Needs | first_by_lookback, K, R, M>(exec, keys, ranks, n);
      else launch_tile<Needs, K, R, M>(exec, keys, ranks, n);
    } else {
      launch_tile<Needs, K, R, M>(exec, keys, ranks, n);
    }
  });
}

// Dense ranks by a single-pass scan of head flags (dense_scan_kernel.cuh).
template <class K, class R>
void run_scan_dense(const cuda& exec, const K* keys, R* ranks, std::uint64_t n) {
  using C = dense_count_t<R>;
  using Policy = dense_scan_policy<sizeof(K)>;
  const std::uint64_t tiles = (n + Policy::tile - 1) / Policy::tile;
  lookback_storage<C> st(exec, tiles, true, true);
  dense_scan_kernel<Policy, K, C, R><<<unsigned(tiles), Policy::threads, 0, exec.stream>>>(keys, n, ranks, st.dense,
                                                                                           st.own.counter);
  ORDO_CUDA_LAUNCH_CHECK("dense_scan_kernel");
}

template <bool Forward, class K, class R>
void run_naive(const cuda& exec, const K* keys, R* ranks, std::uint64_t n) {
  using P = std::uint64_t;
  scratch<P> a(exec, n), b(exec, n);
  const unsigned blocks = elementwise_blocks(n);
  logical_keys<Forward, K> d{keys, n};
  naive_init_kernel<Forward, K, P><<<blocks, 256, 0, exec.stream>>>(a.data(), n);
  ORDO_CUDA_LAUNCH_CHECK("naive_init_kernel");
  P* in = a.data();
  P* out = b.data();
  for (std::uint64_t stride = 1; stride < n; stride <<= 1) {  // log2(n) launches
    naive_step_kernel<Forward, K, P><<<blocks, 256, 0, exec.stream>>>(d, in, out, stride);
    ORDO_CUDA_LAUNCH_CHECK("naive_step_kernel");
    std::swap(in, out);
  }
  heads_to_ranks_kernel<Forward, P, R><<<blocks, 256, 0, exec.stream>>>(in, ranks, n);
  ORDO_CUDA_LAUNCH_CHECK("heads_to_ranks_kernel");
}

// Scans `count` packed values in place, recursing on the block totals.
template <int Block, class P>
void shuffle_scan_levels(const cuda& exec, P* values, std::uint64_t count) {
  const std::uint64_t blocks = (count + Block - 1) / Block;
  scratch<P> totals(exec, blocks);
  shuffle_scan_values_kernel<Block, P><<<unsigned(blocks), Block, 0, exec.stream>>>(values, count, totals.data());
  ORDO_CUDA_LAUNCH_CHECK("shuffle_scan_values_kernel");
  if (blocks == 1) return;  // one block scanned it all
  shuffle_scan_levels<Block>(exec, totals.data(), blocks);
  shuffle_fixup_kernel<Block, P><<<unsigned(blocks), Block, 0, exec.stream>>>(values, count, totals.data());
  ORDO_CUDA_LAUNCH_CHECK("shuffle_fixup_kernel");
}

template <bool Forward, class P, class K, class R>
void run_shuffle_packed(const cuda& exec, const K* keys, R* ranks, std::uint64_t n) {
  constexpr int Block = 1024;
  const std::uint64_t blocks = (n + Block - 1) / Block;
  // Packed values go straight into the output when it has the same width and
  // the final pass writes each element where it read it (forward only: the
  // mirrored pass writes position n-1-j and would overwrite unread values).
  constexpr bool in_place = std::is_same_v<P, R> && Forward;
  scratch<P> own(exec, in_place ? 0 : n);
  P* scanned = in_place ? reinterpret_cast<P*>(ranks) : own.data();
  scratch<P> totals(exec, blocks);
  logical_keys<Forward, K> d{keys, n};
  shuffle_scan_keys_kernel<Block, Forward, K, P><<<unsigned(blocks), Block, 0, exec.stream>>>(d, scanned, totals.data());
  ORDO_CUDA_LAUNCH_CHECK("shuffle_scan_keys_kernel");
  if (blocks > 1) {
    shuffle_scan_levels<Block>(exec, totals.data(), blocks);
    shuffle_fixup_kernel<Block, P><<<unsigned(blocks), Block, 0, exec.stream>>>(scanned, n, totals.data());
    ORDO_CUDA_LAUNCH_CHECK("shuffle_fixup_kernel");
  }
  packed_to_ranks_kernel<Forward, P, R><<<elementwise_blocks(n), 256, 0, exec.stream>>>(scanned, ranks, n);
  ORDO_CUDA_LAUNCH_CHECK("packed_to_ranks_kernel");
}

template <bool Forward, class K, class R>
void run_shuffle(const cuda& exec, const K* keys, R* ranks, std::uint64_t n) {
  // The paper packs the flag into bit 31 of a 32-bit rank (n < 2^31); larger
  // inputs, and 64-bit ranks, pack into 64 bits.
  if (sizeof(R) == 4 && n < (std::uint64_t(1) << 31)) return run_shuffle_packed<Forward, std::uint32_t>(exec, keys, ranks, n);
  return run_shuffle_packed<Forward, std::uint64_t>(exec, keys, ranks, n);
}

template <bool Forward, class K, class R>
void run_hybrid(const cuda& exec, const K* keys, R* ranks, std::uint64_t n) {
  constexpr int Warps = 8;
  const std::uint64_t chunks = (n + 1023) / 1024;
  hybrid_kernel<Warps, Forward, K, R><<<ceil_blocks(chunks, Warps), Warps * 32, 0, exec.stream>>>(
      logical_keys<Forward, K>{keys, n}, ranks);
  ORDO_CUDA_LAUNCH_CHECK("hybrid_kernel");
}

template <class K>
void validate_sorted(const cuda& exec, const K* keys, std::uint64_t n, sort_order order) {
  if (n < 2) return;
  scratch<unsigned long long> flag(exec, 1);
  const unsigned long long init = n;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(flag.data(), &init, sizeof init, cudaMemcpyHostToDevice, exec.stream));
  if (order == sort_order::ascending)
    find_unsorted_kernel<true><<<elementwise_blocks(n), 256, 0, exec.stream>>>(keys, n, flag.data());
  else
    find_unsorted_kernel<false><<<elementwise_blocks(n), 256, 0, exec.stream>>>(keys, n, flag.data());
  ORDO_CUDA_LAUNCH_CHECK("find_unsorted_kernel");
  unsigned long long bad = n;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&bad, flag.data(), sizeof bad, cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  if (bad != n) throw error(errc::unsorted_input, unsorted_message(std::size_t(bad), order));
}

template <class K, class R>
void rank_sorted_on_device(const cuda& exec, std::span<const K> keys, std::span<R> ranks,
                           const rank_sorted_options& o) {
  const std::uint64_t n = keys.size();
  if (o.validate) validate_sorted(exec, keys.data(), n, o.order);
  if (n == 0) return;
  const rank_method m = o.method;
  const gpu_rank_variant v = gpu_rank_variant_for("rank_sorted", o.variant, m);
  check_rank_variant_does(v, m);  // the table: refuses a pair no kernel below computes
  if (m == rank_method::ordinal) {  // ranks do not depend on the keys
    iota_ranks_kernel<<<elementwise_blocks(n), 256, 0, exec.stream>>>(ranks.data(), n);
    ORDO_CUDA_LAUNCH_CHECK("iota_ranks_kernel");
    return;
  }
  switch (v) {
    case gpu_rank_variant::block_search:
      return run_tile_variant(exec, keys.data(), ranks.data(), n, m, false);
    case gpu_rank_variant::scan:
      return run_scan_dense(exec, keys.data(), ranks.data(), n);
    case gpu_rank_variant::lookback:
      return run_tile_variant(exec, keys.data(), ranks.data(), n, m, true);
    case gpu_rank_variant::naive:
    case gpu_rank_variant::shuffle:
    case gpu_rank_variant::hybrid: {
      const bool fwd = m == rank_method::min;  // else max (the table allows no other)
      if (v == gpu_rank_variant::naive) return fwd ? run_naive<true>(exec, keys.data(), ranks.data(), n)
                                                   : run_naive<false>(exec, keys.data(), ranks.data(), n);
      if (v == gpu_rank_variant::shuffle) return fwd ? run_shuffle<true>(exec, keys.data(), ranks.data(), n)
                                                     : run_shuffle<false>(exec, keys.data(), ranks.data(), n);
      return fwd ? run_hybrid<true>(exec, keys.data(), ranks.data(), n)
                 : run_hybrid<false>(exec, keys.data(), ranks.data(), n);
    }
    case gpu_rank_variant::automatic:
      break;  // resolved above
  }
}

}  // namespace ordo::detail::cuda_rank

namespace ordo::detail {
template <> template <class K, class R>
void backend<cuda, op::rank_sorted>::run(const cuda& exec, std::span<const K> keys, std::span<R> ranks,
                                         const rank_sorted_options& o) {
  cuda_rank::rank_sorted_on_device<K, R>(exec, keys, ranks, o);
}
}  // namespace ordo::detail

#define ORDO_INSTANTIATE_CUDA_RANK_SORTED_ONE(K, R) \
  template void backend<cuda, op::rank_sorted>::run<K, R>(const cuda&, std::span<const K>, std::span<R>, \
                                                          const rank_sorted_options&);
#define ORDO_INSTANTIATE_CUDA_RANK_SORTED(K)                      \
  namespace ordo::detail {                                        \
  ORDO_FOR_EACH_RANK_OF(ORDO_INSTANTIATE_CUDA_RANK_SORTED_ONE, K) \
  }
