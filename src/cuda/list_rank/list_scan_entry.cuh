// list_scan on the GPU, instantiated one value type per translation unit
// (list_scan_<type>.cu) so the build spreads over cores.
#pragma once
#include <type_traits>

#include "common/list_rank/instantiate.hpp"
#include "cuda/list_rank/dispatch/list_dispatch.cuh"

namespace ordo::detail {

template <> template <class Index, class T, class Op>
void backend<cuda, op::list_scan>::run(const cuda& exec, std::span<const Index> succ, std::span<const T> values,
                                       std::span<T> out, Op op, const list_options& o) {
  using U = std::make_unsigned_t<Index>;
  namespace cl = detail::cuda_list;
  const std::uint64_t n = succ.size();
  cl::run_list_scan<T>(exec, reinterpret_cast<const U*>(succ.data()), n, cl::array_source<T>{values.data()},
                       out.data(), op, cl::unchanged{}, o, "list_scan",
                       std::is_signed_v<Index>);
}

}  // namespace ordo::detail

#define ORDO_LIST_SCAN_CUDA(I, T, Op) \
  template void backend<cuda, op::list_scan>::run<I, T, Op>(const cuda&, std::span<const I>, std::span<const T>, \
                                                            std::span<T>, Op, const list_options&);
#define ORDO_LIST_SCAN_CUDA_TYPE(T) \
  namespace ordo::detail {          \
  ORDO_FOR_EACH_LIST_SCAN_OF(ORDO_LIST_SCAN_CUDA, T) \
  }
