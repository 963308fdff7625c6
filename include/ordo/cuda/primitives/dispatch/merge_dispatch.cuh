// Dispatch for merge and for the merge passes of sort_idx: partition by
// merge path, then one block per output tile.
#pragma once
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/cuda/detail/arch_policy.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/cuda/primitives/dispatch/policies.cuh"
#include "ordo/cuda/primitives/kernel/merge_kernels.cuh"
#include "ordo/detail/primitives_checks.hpp"

namespace ordo::detail {

// Merges per `plan` from (a, av) and (b, bv) into (out, outv); values when outv
// is not null (av or bv may be null when that side is empty).
template <class P = prim::merge_tile_policy, class Key, class Value, class Compare>
void launch_merge_path(const cuda& exec, const Key* a, const Value* av, const Key* b, const Value* bv,
                       prim::merge_plan plan, std::uint64_t n_out, Key* out, Value* outv, Compare comp) {
  if (n_out == 0) return;
  cudaStream_t s = exec.stream;
  const std::uint64_t tiles = (n_out + P::tile - 1) / P::tile;
  scratch<std::uint64_t> split(exec, tiles + 1);
  prim::merge_partition_kernel<P::tile><<<ceil_blocks(tiles + 1, 128), 128, 0, s>>>(a, b, plan, n_out, tiles,
                                                                                    split.data(), comp);
  ORDO_CUDA_LAUNCH_CHECK("merge_partition_kernel");
  const int smem = prim::merge_smem_bytes<Key, Value>(P::tile, outv != nullptr);
  require_smem_optin(smem, "merge_tile_kernel");
  if (outv) {
    auto kernel = prim::merge_tile_kernel<P::threads, P::items, true, Key, Value, Compare, P::load_batch>;
    ORDO_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    kernel<<<unsigned(tiles), P::threads, smem, s>>>(a, av, b, bv, plan, split.data(), out, outv, comp);
  } else {
    auto kernel = prim::merge_tile_kernel<P::threads, P::items, false, Key, Value, Compare, P::load_batch>;
    ORDO_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    kernel<<<unsigned(tiles), P::threads, smem, s>>>(a, av, b, bv, plan, split.data(), out, outv, comp);
  }
  ORDO_CUDA_LAUNCH_CHECK("merge_tile_kernel");
}

template <class Key, class W, class Compare>
void merge_cuda(const cuda& exec, std::span<const Key> a, std::span<const W> av, std::span<const Key> b,
                std::span<const W> bv, std::span<Key> out, std::span<W> outv, Compare comp) {
  const bool values = av.data() || bv.data() || outv.data();
  check_same_size("merge", "out", out.size(), "a + b", a.size() + b.size());
  if (values) {
    check_same_size("merge", "a_values", av.size(), "a_keys", a.size());
    check_same_size("merge", "b_values", bv.size(), "b_keys", b.size());
    check_same_size("merge", "out_values", outv.size(), "out_keys", out.size());
  }
  const prim::merge_plan plan{a.size(), b.size(), 0};
  if (values)
    launch_merge_path<prim::merge_wide_tile_policy>(exec, a.data(), av.data(), b.data(), bv.data(), plan, out.size(),
                                                    out.data(), outv.data(), comp);
  else if constexpr (sizeof(Key) > 4)
    launch_merge_path<prim::merge_wide_tile_policy, Key, W>(exec, a.data(), nullptr, b.data(), nullptr, plan,
                                                            out.size(), out.data(), nullptr, comp);
  else
    launch_merge_path<prim::merge_tile_policy, Key, W>(exec, a.data(), nullptr, b.data(), nullptr, plan, out.size(),
                                                       out.data(), nullptr, comp);
}

}  // namespace ordo::detail
