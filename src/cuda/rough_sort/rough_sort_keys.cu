// radius, rough_sort and the adaptive sort for the six key types (they pick a
// code width and forward to rough_codes_32/64.cu and radix_fallback.cu), and
// the merge-sort variant through the primitives' sort_idx.
#include "common/rough_sort/instantiate.hpp"
#include "ordo/cuda/rough_sort/dispatch/rough_sort_dispatch.cuh"
#include "ordo/primitives.hpp"

namespace ordo::detail {
namespace {
template <class Index>
__global__ void gather_by_perm_kernel(rough::value_mover v, const Index* perm, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n; i += std::uint64_t(gridDim.x) * blockDim.x)
    v.move(i, perm[i]);
}
}  // namespace

template <class Key>
void merge_sort_cuda(const cuda& exec, const Key* in, Key* out, const rough::value_mover& v, std::uint64_t n,
                     bool descending) {
  auto run = [&](auto index_tag) {
    using Index = decltype(index_tag);
    scratch<Index> perm(exec, n);
    const std::span<const Key> keys(in, n);
    // the comparison sort automatic would pick apart from its radix path
    const std::span<Index> p(perm.data(), n);
    if (descending)
      ordo::sort_idx(exec, keys, p, std::span<Key>(out, n), ordo::greater{},
                     {.variant = chosen_variant<Key, ordo::greater>(exec, sort_idx_variant::automatic, n)});
    else
      ordo::sort_idx(exec, keys, p, std::span<Key>(out, n), ordo::less{},
                     {.variant = chosen_variant<Key, ordo::less>(exec, sort_idx_variant::automatic, n)});
    if (v.bytes) {
      gather_by_perm_kernel<Index><<<elementwise_blocks(n), 256, 0, exec.stream>>>(v, perm.data(), n);
      ORDO_CUDA_CHECK(cudaGetLastError());
    }
  };
  if (n <= 0xffffffffull) run(std::uint32_t{});
  else run(std::uint64_t{});
}

ORDO_FOR_EACH_KEY(ORDO_INST_ROUGH)
}  // namespace ordo::detail
