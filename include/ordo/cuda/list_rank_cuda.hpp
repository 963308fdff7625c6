// list_rank.hpp's ordo::cuda backend: backend<cuda, op::list_rank / list_scan /
// chosen_list_variant>. list_rank and list_scan are compiled into libordo
// (src/cuda/list_rank: list_rank.cu, one list_scan_<type>.cu per value type);
// the arguments arrive checked by the front door. Included by list_rank.hpp
// where ordo was built with CUDA.
#pragma once
#include <cstddef>
#include <span>

namespace ordo::detail {

template <class Index, class Rank>
void list_rank_cuda(const cuda& exec, std::span<const Index> succ, std::span<Rank> ranks, const list_options& o);
template <class Index, class T, class Op>
void list_scan_cuda(const cuda& exec, std::span<const Index> succ, std::span<const T> values, std::span<T> out, Op op,
                    const list_options& o);
// What automatic picks for n nodes (or the variant asked for); a CPU variant
// throws errc::not_supported naming fn. src/cuda/list_rank/list_rank.cu.
gpu_list_variant chosen_list_variant_cuda(const char* fn, std::size_t n, const list_options& o);

ORDO_BACKEND_CALLS(cuda, op::list_rank, list_rank_cuda);
ORDO_BACKEND_CALLS(cuda, op::list_scan, list_scan_cuda);

template <>
struct backend<cuda, op::chosen_list_variant<cuda>> {
  static gpu_list_variant run(const cuda&, std::size_t n, const list_options& o) {
    return chosen_list_variant_cuda("chosen_variant", n, o);
  }
};

}  // namespace ordo::detail
