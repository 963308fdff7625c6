// The GPU backend of lexsort.hpp: LSD over the columns, each pass one gather
// kernel of the column's codes in the current order, ordo::sort_idx (stable)
// over them, and one kernel composing the permutation.
#include <cstdint>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/lexsort.hpp"
#include "ordo/primitives.hpp"

namespace ordo::detail {
namespace cuda_lexsort {

template <class K, class Index>
__global__ void gather_codes_kernel(const K* keys, const Index* perm, std::uint64_t n, bool descending, bool nan_last,
                                    std::uint64_t* codes) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    codes[i] = sort_key_code(keys[perm[i]], descending, nan_last);
}

// next[i] = perm[step[i]].
template <class Index>
__global__ void compose_kernel(const Index* perm, const Index* step, std::uint64_t n, Index* next) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    next[i] = perm[step[i]];
}

template <class Index>
__global__ void iota_kernel(Index* p, std::uint64_t n) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    p[i] = Index(i);
}

}  // namespace cuda_lexsort

template <> template <class Index>
void backend<cuda, op::lexsort_idx>::run(const cuda& exec, std::span<const sort_key> columns, std::span<Index> perm) {
  const std::uint64_t n = perm.size();
  const unsigned blocks = elementwise_blocks(n);
  scratch<std::uint64_t> codes(exec, n);
  scratch<Index> step(exec, n), cur(exec, n);
  cuda_lexsort::iota_kernel<Index><<<blocks, 256, 0, exec.stream>>>(cur.data(), n);
  ORDO_CUDA_LAUNCH_CHECK("iota_kernel (lexsort)");
  for (std::size_t c = columns.size(); c-- > 0;) {
    const sort_key& col = columns[c];
    visit_sort_key_type(col.type, [&]<class K>() {
      cuda_lexsort::gather_codes_kernel<K, Index><<<blocks, 256, 0, exec.stream>>>(
          static_cast<const K*>(col.data), cur.data(), n, col.descending, col.nan_last, codes.data());
      ORDO_CUDA_LAUNCH_CHECK("gather_codes_kernel");
    });
    ordo::sort_idx(exec, std::span<const std::uint64_t>(codes.data(), n), std::span<Index>(step.data(), n));
    // perm = cur[step]; the last pass (the primary column) leaves it there
    cuda_lexsort::compose_kernel<Index><<<blocks, 256, 0, exec.stream>>>(cur.data(), step.data(), n, perm.data());
    ORDO_CUDA_LAUNCH_CHECK("compose_kernel");
    if (c > 0)
      ORDO_CUDA_CHECK(cudaMemcpyAsync(cur.data(), perm.data(), n * sizeof(Index), cudaMemcpyDeviceToDevice, exec.stream));
  }
}

template void backend<cuda, op::lexsort_idx>::run<std::uint32_t>(const cuda&, std::span<const sort_key>,
                                                                 std::span<std::uint32_t>);
template void backend<cuda, op::lexsort_idx>::run<std::uint64_t>(const cuda&, std::span<const sort_key>,
                                                                 std::span<std::uint64_t>);

}  // namespace ordo::detail
