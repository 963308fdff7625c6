// list_rank on the GPU: list_scan of ones, counted in 32 bits below 2^32
// nodes, converted to rank = count - 1 as it is written.
#include <string>
#include <type_traits>

#include "cuda/list_rank/dispatch/list_dispatch.cuh"
#include "common/list_rank/instantiate.hpp"

namespace ordo {

namespace detail {

gpu_list_variant chosen_list_variant_cuda(const char* fn, std::size_t n, const list_options& o) {
  if (o.variant.is_cpu())
    throw error(errc::not_supported, std::string(fn) + ": variant '" + to_string(o.variant) +
                                         "' runs on the CPU; on ordo::cuda use rhj, wyllie or single_block");
  if (o.variant.is_gpu()) return o.variant.gpu_variant();
  // From the H100 sweep (docs/benchmarks.md, list ranking): one block while
  // the list fits shared memory, Wyllie up to half a million nodes (fewer
  // launches than RHJ's levels), RHJ beyond.
  if (n <= cuda_list::single_block_max) return gpu_list_variant::single_block;
  return n <= (std::size_t(1) << 19) ? gpu_list_variant::wyllie : gpu_list_variant::rhj;
}

template <> template <class Index, class Rank>
void backend<cuda, op::list_rank>::run(const cuda& exec, std::span<const Index> succ, std::span<Rank> ranks,
                                       const list_options& o) {
  using U = std::make_unsigned_t<Index>;
  using R = std::make_unsigned_t<Rank>;
  namespace cl = detail::cuda_list;
  const std::uint64_t n = succ.size();
  const U* s = reinterpret_cast<const U*>(succ.data());
  R* r = reinterpret_cast<R*>(ranks.data());
  if (n < 0xffffffffULL)
    return cl::run_list_scan<std::uint32_t>(exec, s, n, cl::ones<std::uint32_t>{}, r, plus{}, cl::count_to_rank{}, o,
                                            "list_rank", std::is_signed_v<Index>);
  if constexpr (sizeof(U) == 8 && sizeof(R) == 8)
    cl::run_list_scan<std::uint64_t>(exec, s, n, cl::ones<std::uint64_t>{}, r, plus{}, cl::count_to_rank{}, o,
                                     "list_rank", std::is_signed_v<Index>);
}

#define ORDO_LIST_RANK_CUDA(I, R) \
  template void backend<cuda, op::list_rank>::run<I, R>(const cuda&, std::span<const I>, std::span<R>, \
                                                        const list_options&);
ORDO_FOR_EACH_LIST_RANK(ORDO_LIST_RANK_CUDA)

}  // namespace detail
}  // namespace ordo
