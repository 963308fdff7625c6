// The GPU backend of multikey_rank.hpp: lexsort_idx's stable order, then the
// steps of common/multikey_position.hpp as grid-stride kernels and ordo::scan.
// Nothing is read back: the group and ranked-row counts stay on the device.
#include <cstdint>

#include "common/multikey_position.hpp"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "ordo/multikey_rank.hpp"
#include "ordo/primitives.hpp"

namespace ordo::detail {
namespace cuda_multikey {

#define ORDO_GRID_STRIDE_(p, n)                                                            \
  for (std::uint64_t p = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; p < (n); \
       p += std::uint64_t(gridDim.x) * blockDim.x)

// first: the first column writes the flags, the others add theirs.
template <class K, class Index>
__global__ void column_flags_kernel(const K* keys, const Index* perm, std::uint64_t n, bool keep_nan, bool first,
                                    std::uint8_t* flags) {
  ORDO_GRID_STRIDE_(p, n) {
    const std::uint8_t f = multikey::column_flags(keys, perm, p, keep_nan);
    flags[p] = first ? f : std::uint8_t(flags[p] | f);
  }
}

// unr may be null (nothing can be unranked).
__global__ void scan_inputs_kernel(const std::uint8_t* flags, std::uint64_t n, std::uint64_t* dense,
                                   std::uint64_t* unr) {
  ORDO_GRID_STRIDE_(p, n) {
    dense[p] = multikey::begins_group(flags[p]);
    if (unr) unr[p] = multikey::is_unranked(flags[p]);
  }
}

__global__ void group_first_kernel(const std::uint8_t* flags, const std::uint64_t* dense, const std::uint64_t* unr,
                                   std::uint64_t n, std::uint64_t* first) {
  ORDO_GRID_STRIDE_(p, n) multikey::group_first(flags, dense, unr, p, first);
}

template <class Index, class R>
__global__ void rank_kernel(const Index* perm, const std::uint8_t* flags, const std::uint64_t* dense,
                            const std::uint64_t* unr, const std::uint64_t* first, multikey::rank_args a, R* out) {
  ORDO_GRID_STRIDE_(p, a.n) multikey::rank_position(perm, flags, dense, unr, first, a, p, out);
}

#undef ORDO_GRID_STRIDE_

// Steps 1-3: everything but the rank values, compiled per index type only.
template <class Index>
struct tie_groups {
  scratch<Index> perm;
  scratch<std::uint8_t> flags;
  scratch<std::uint64_t> dense, unr, first;  // unr empty when no row can be unranked
  std::uint64_t* unranked() { return unr.size() ? unr.data() : nullptr; }
};

template <class Index>
tie_groups<Index> find_tie_groups(const cuda& exec, std::span<const sort_key> columns, std::uint64_t n,
                                  const rank_options& o) {
  const unsigned blocks = elementwise_blocks(n);
  const bool keep = multikey::may_unrank(columns, o);
  tie_groups<Index> g{scratch<Index>(exec, n), scratch<std::uint8_t>(exec, n), scratch<std::uint64_t>(exec, n),
                      scratch<std::uint64_t>(exec, keep ? n : 0), scratch<std::uint64_t>(exec, n)};
  ordo::lexsort_idx(exec, columns, std::span<Index>(g.perm.data(), n));
  for (std::size_t c = 0; c < columns.size(); ++c) {
    visit_sort_key_type(columns[c].type, [&]<class K>() {
      column_flags_kernel<K, Index><<<blocks, 256, 0, exec.stream>>>(static_cast<const K*>(columns[c].data),
                                                                      g.perm.data(), n, keep, c == 0, g.flags.data());
      ORDO_CUDA_LAUNCH_CHECK("column_flags_kernel (multikey rank)");
    });
  }
  std::uint64_t* u = g.unranked();
  scan_inputs_kernel<<<blocks, 256, 0, exec.stream>>>(g.flags.data(), n, g.dense.data(), u);
  ORDO_CUDA_LAUNCH_CHECK("scan_inputs_kernel (multikey rank)");
  ordo::scan(exec, std::span<const std::uint64_t>(g.dense.data(), n), std::span<std::uint64_t>(g.dense.data(), n));
  if (keep) ordo::scan(exec, std::span<const std::uint64_t>(u, n), std::span<std::uint64_t>(u, n));
  group_first_kernel<<<blocks, 256, 0, exec.stream>>>(g.flags.data(), g.dense.data(), u, n, g.first.data());
  ORDO_CUDA_LAUNCH_CHECK("group_first_kernel (multikey rank)");
  return g;
}

// Step 4.
template <class Index, class Rank>
void multikey_rank_cuda(const cuda& exec, std::span<const sort_key> columns, std::span<Rank> ranks,
                        const rank_options& o) {
  const std::uint64_t n = ranks.size();
  tie_groups<Index> g = find_tie_groups<Index>(exec, columns, n, o);
  rank_kernel<Index, Rank><<<elementwise_blocks(n), 256, 0, exec.stream>>>(
      g.perm.data(), g.flags.data(), g.dense.data(), g.unranked(), g.first.data(),
      multikey::rank_args{n, o.method, o.pct}, ranks.data());
  ORDO_CUDA_LAUNCH_CHECK("rank_kernel (multikey rank)");
}

}  // namespace cuda_multikey

template <> template <class Rank>
void backend<cuda, op::multikey_rank>::run(const cuda& exec, std::span<const sort_key> columns, std::span<Rank> ranks,
                                           const rank_options& o) {
  if (ranks.size() <= 0xffffffffull) cuda_multikey::multikey_rank_cuda<std::uint32_t>(exec, columns, ranks, o);
  else cuda_multikey::multikey_rank_cuda<std::uint64_t>(exec, columns, ranks, o);
}

#define ORDO_INSTANTIATE_CUDA_MULTIKEY_RANK(R)                                                                \
  template void backend<cuda, op::multikey_rank>::run<R>(const cuda&, std::span<const sort_key>, std::span<R>, \
                                                         const rank_options&);
ORDO_INSTANTIATE_CUDA_MULTIKEY_RANK(std::uint32_t)
ORDO_INSTANTIATE_CUDA_MULTIKEY_RANK(std::uint64_t)
ORDO_INSTANTIATE_CUDA_MULTIKEY_RANK(float)
ORDO_INSTANTIATE_CUDA_MULTIKEY_RANK(double)
#undef ORDO_INSTANTIATE_CUDA_MULTIKEY_RANK

}  // namespace ordo::detail
