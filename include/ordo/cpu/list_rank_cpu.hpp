// list_rank.hpp's ordo::cpu backend: backend<cpu, op::list_rank / list_scan /
// chosen_list_variant>. list_rank and list_scan are compiled into libordo
// (src/cpu/list_rank/list_rank_cpu.cpp instantiates backend<cpu, op::list_rank
// / list_scan>, declared in list_rank.hpp, for the types of
// src/common/list_rank/instantiate.hpp); the arguments arrive checked by the
// front door.
#pragma once
#include <cstddef>
#include <string>

namespace ordo::detail {

// The variant to run for n nodes: the one asked for, or automatic's pick;
// a GPU variant throws errc::not_supported.
inline cpu_list_variant cpu_list_variant_for(const char* fn, const cpu& exec, std::size_t n, const list_options& o) {
  if (o.variant.is_gpu())
    throw error(errc::not_supported, std::string(fn) + ": variant '" + to_string(o.variant) +
                                         "' runs on the GPU; on ordo::cpu use sequential or helman_jaja");
  if (o.variant.is_cpu()) return o.variant.cpu_variant();
  // Below a few thousand nodes the walk fits in cache and threads cost more than they save.
  return exec.resolved_threads() > 1 && n > (std::size_t(1) << 15) ? cpu_list_variant::helman_jaja
                                                                      : cpu_list_variant::sequential;
}

template <>
struct backend<cpu, op::chosen_list_variant<cpu>> {
  static cpu_list_variant run(const cpu& exec, std::size_t n, const list_options& o) {
    return cpu_list_variant_for("chosen_variant", exec, n, o);
  }
};

}  // namespace ordo::detail
