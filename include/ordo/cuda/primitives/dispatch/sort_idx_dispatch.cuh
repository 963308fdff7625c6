// Dispatch for sort_idx. sample_sort: sample_sort_dispatch.cuh. Otherwise the block sort makes the keys tile-sorted with their
// indices, then merge passes double the sorted run length until one run is
// left. merge_path passes stage tiles in shared memory; binary_search passes
// are Listing 2's one-thread-per-element merge. The last pass writes straight
// into the caller's perm (and sorted keys when wanted).
#pragma once
#include <cstdint>
#include <span>
#include <utility>

#include "ordo/cuda/detail/arch_policy.cuh"
#include "ordo/cpu/sort/radix_order.hpp"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/radix_sort_idx.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/primitives/dispatch/merge_dispatch.cuh"
#include "ordo/cuda/primitives/dispatch/policies.cuh"
#include "ordo/cuda/primitives/dispatch/sample_sort_dispatch.cuh"
#include "ordo/cuda/primitives/kernel/sort_kernels.cuh"
#include "ordo/primitives.hpp"

namespace ordo::detail {

// S: the block sort's tile policy, M: the merge passes' (M::tile divides S::tile),
// SP: the sample_sort variant's.
template <class S, class M, class SP, class Key, class Index, class Compare>
void sort_idx_with(const cuda& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys,
                   Compare comp, const sort_idx_options& options) {
  static_assert(S::tile % M::tile == 0, "merge tiles must not straddle two pairs of runs");
  check_same_size("sort_idx", "perm", perm.size(), "keys", keys.size());
  if (!sorted_keys.empty()) check_same_size("sort_idx", "sorted_keys", sorted_keys.size(), "keys", keys.size());
  check_index_fits<Index>("sort_idx", keys.size());
  const std::uint64_t n = keys.size();
  if (n == 0) return;
  // automatic takes CUB's radix sort of order codes for the built-in orders,
  // as the CPU backend does (about 2x the paper's variants on an H200); the
  // variants named explicitly stay what they say, so each can be measured.
  if constexpr (radix_direction_v<Key, Compare> != 0) {
    if (options.variant == sort_idx_variant::automatic && n < (std::uint64_t(1) << 32)) {
      rough::radix_sort_idx_any(exec, key_traits<Key>::kind, radix_direction_v<Key, Compare> < 0, sizeof(Key),
                                keys.data(), sorted_keys.empty() ? nullptr : sorted_keys.data(), perm.data(),
                                sizeof(Index), n);
      return;
    }
  }
  cudaStream_t s = exec.stream;
  const sort_idx_variant v = chosen_variant<Key, Compare>(exec, options.variant, n);
  if (v == sort_idx_variant::sample_sort) {
    if constexpr (prim::packable_v<Key, Compare>) {
      if (n >= (std::uint64_t(1) << 32))
        throw error(errc::invalid_argument, "sort_idx: the sample_sort variant takes fewer than 2^32 keys");
      sample_sort_idx<SP, Key, Index, Compare>(exec, keys.data(), std::uint32_t(n), perm.data(),
                                               sorted_keys.empty() ? nullptr : sorted_keys.data());
      return;
    }
    throw error(errc::invalid_argument,
                "sort_idx: the sample_sort variant needs integer keys of at most 32 bits compared by ordo::less or "
                "ordo::greater");
  }
  int passes = 0;
  for (std::uint64_t run = S::tile; run < n; run *= 2) ++passes;
  Key* user_keys = sorted_keys.empty() ? nullptr : sorted_keys.data();
  scratch<Key> k0(exec, passes ? n : 0), k1(exec, passes > 1 ? n : 0);
  scratch<Index> i0(exec, passes ? n : 0), i1(exec, passes > 1 ? n : 0);
  Key* kbuf[2] = {k0.data(), k1.data()};
  Index* ibuf[2] = {i0.data(), i1.data()};

  auto sort_kernel = prim::block_sort_kernel<S::threads, S::items, Key, Index, Compare>;
  const int smem = prim::merge_smem_bytes<Key, Index>(S::tile, true);
  require_smem_optin(smem, "block_sort_kernel");
  ORDO_CUDA_CHECK(cudaFuncSetAttribute(sort_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  sort_kernel<<<ceil_blocks(n, S::tile), S::threads, smem, s>>>(keys.data(), n, passes ? kbuf[0] : user_keys,
                                                                passes ? ibuf[0] : perm.data(), comp);
  ORDO_CUDA_LAUNCH_CHECK("block_sort_kernel");

  int cur = 0;
  std::uint64_t run = S::tile;
  for (int p = 0; p < passes; ++p, run *= 2) {
    const bool last = p + 1 == passes;
    Key* ko = last ? user_keys : kbuf[cur ^ 1];
    Index* io = last ? perm.data() : ibuf[cur ^ 1];
    if (v == sort_idx_variant::binary_search) {
      prim::binary_search_merge_kernel<<<ceil_blocks(n, 256), 256, 0, s>>>(kbuf[cur], ibuf[cur], n, run, ko, io, comp);
      ORDO_CUDA_LAUNCH_CHECK("binary_search_merge_kernel");
    } else {
      launch_merge_path<M>(exec, kbuf[cur], ibuf[cur], kbuf[cur], ibuf[cur], prim::merge_plan{n, 0, run}, n, ko, io,
                        comp);
    }
    cur ^= 1;
  }
}

template <class Key, class Index, class Compare>
void sort_idx_cuda(const cuda& exec, std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted_keys,
                   Compare comp, const sort_idx_options& options) {
  sort_idx_with<prim::sort_tile_policy, prim::sort_merge_policy, prim::sample_sort_default_policy>(exec, keys, perm, sorted_keys, comp, options);
}

}  // namespace ordo::detail
