// list_rank.hpp's ordo::cuda backend: backend<cuda, op::list_rank / list_scan /
// chosen_list_variant>. list_rank and list_scan are compiled into libordo
// (backend<cuda, op::list_rank / list_scan>, declared in list_rank.hpp;
// src/cuda/list_rank: list_rank.cu, one list_scan_<type>.cu per value type);
// the arguments arrive checked by the front door. Included by list_rank.hpp
// where ordo was built with CUDA.
#pragma once
#include <cstddef>

namespace ordo::detail {

// What automatic picks for n nodes (or the variant asked for); a CPU variant
// throws errc::not_supported naming fn. src/cuda/list_rank/list_rank.cu.
gpu_list_variant chosen_list_variant_cuda(const char* fn, std::size_t n, const list_options& o);

template <>
struct backend<cuda, op::chosen_list_variant<cuda>> {
  static gpu_list_variant run(const cuda&, std::size_t n, const list_options& o) {
    return chosen_list_variant_cuda("chosen_variant", n, o);
  }
};

}  // namespace ordo::detail
