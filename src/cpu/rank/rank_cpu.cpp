// The CPU entry points of rank.hpp and their explicit instantiations.
#include <string>

#include "common/rank_checks.hpp"
#include "ordo/detail/key_types.hpp"
#include "cpu/rank/rank_sorted_cpu.hpp"
#include "cpu/rank/rank_unsorted_cpu.hpp"
#include "ordo/rank.hpp"

namespace ordo {

template <class Key, class Rank>
void rank_sorted(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& o) {
  detail::check_rank_args<Key, Rank>(keys.size(), ranks.size(), o.method, false, "rank_sorted");
  const int threads = exec.resolved_threads();
  const std::size_t n = keys.size();
  if (o.validate) {
    std::size_t bad = detail::cpu_rank::first_unsorted(keys.data(), n, o.order, threads);
    if (bad != n) throw error(errc::unsorted_input, detail::unsorted_message(bad, o.order));
  }
  const rank_variant v = chosen_variant(exec, o);
  switch (v) {
    case rank_variant::sequential:
      return detail::cpu_rank::rank_sorted_sequential(keys.data(), ranks.data(), n, o.method);
    case rank_variant::parallel_search:
      return detail::cpu_rank::rank_sorted_parallel(keys.data(), ranks.data(), n, o.method, threads);
    default:
      throw error(errc::not_supported, std::string("rank_sorted: variant '") + to_string(v) +
                                           "' runs on the GPU; on ordo::cpu use sequential or parallel_search");
  }
}

rank_variant chosen_variant(const cpu& exec, const rank_sorted_options& o) {
  if (o.variant != rank_variant::automatic) return o.variant;
  return exec.resolved_threads() > 1 ? rank_variant::parallel_search : rank_variant::sequential;
}

template <class Key, class Rank>
void rank(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks, const rank_options& o) {
  detail::check_rank_args<Key, Rank>(keys.size(), ranks.size(), o.method, o.pct, "rank");
  detail::cpu_rank::rank_unsorted(keys.data(), ranks.data(), keys.size(), o, exec.resolved_threads());
}

#define ORDO_INSTANTIATE_CPU_RANK(K, R)                                                     \
  template void rank_sorted<K, R>(const cpu&, std::span<const K>, std::span<R>,            \
                                  const rank_sorted_options&);                             \
  template void rank<K, R>(const cpu&, std::span<const K>, std::span<R>, const rank_options&);
#define ORDO_INSTANTIATE_CPU_RANK_ALL(K)            \
  ORDO_INSTANTIATE_CPU_RANK(K, std::uint32_t)       \
  ORDO_INSTANTIATE_CPU_RANK(K, std::uint64_t)       \
  ORDO_INSTANTIATE_CPU_RANK(K, float)               \
  ORDO_INSTANTIATE_CPU_RANK(K, double)

ORDO_FOR_EACH_KEY(ORDO_INSTANTIATE_CPU_RANK_ALL)

}  // namespace ordo
