// The CPU backend of rank.hpp (backend<cpu, op::rank_sorted / rank>) and its
// explicit instantiations.
#include "common/rank/instantiate.hpp"
#include "common/rank_messages.hpp"
#include "ordo/detail/key_types.hpp"
#include "cpu/rank/rank_sorted_cpu.hpp"
#include "cpu/rank/rank_unsorted_cpu.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail {

template <> template <class Key, class Rank>
void backend<cpu, op::rank_sorted>::run(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks,
                                        const rank_sorted_options& o) {
  const int threads = exec.resolved_threads();
  const std::size_t n = keys.size();
  if (o.validate) {
    std::size_t bad = cpu_rank::first_unsorted(keys.data(), n, o.order, threads);
    if (bad != n) throw error(errc::unsorted_input, unsorted_message(bad, o.order));
  }
  const cpu_rank_variant v = cpu_rank_variant_for("rank_sorted", o.variant, o.method, threads);
  check_rank_variant_does(v, o.method);
  switch (v) {
    case cpu_rank_variant::sequential:
      return cpu_rank::rank_sorted_sequential(keys.data(), ranks.data(), n, o.method);
    case cpu_rank_variant::parallel_search:
    case cpu_rank_variant::automatic:  // resolved above
      return cpu_rank::rank_sorted_parallel(keys.data(), ranks.data(), n, o.method, threads);
  }
}

template <> template <class Key, class Rank>
void backend<cpu, op::rank>::run(const cpu& exec, std::span<const Key> keys, std::span<Rank> ranks,
                                 const rank_options& o) {
  if constexpr (is_narrow_key_v<Key>) cpu_rank::rank_counting(keys.data(), ranks.data(), keys.size(), o, exec.resolved_threads());
  else cpu_rank::rank_unsorted(keys.data(), ranks.data(), keys.size(), o, exec.resolved_threads());
}

#define ORDO_INSTANTIATE_CPU_RANK(K, R)                                                                 \
  template void backend<cpu, op::rank_sorted>::run<K, R>(const cpu&, std::span<const K>, std::span<R>, \
                                                         const rank_sorted_options&);                  \
  template void backend<cpu, op::rank>::run<K, R>(const cpu&, std::span<const K>, std::span<R>, const rank_options&);
ORDO_FOR_EACH_KEY_AND_RANK(ORDO_INSTANTIATE_CPU_RANK)
#define ORDO_INSTANTIATE_CPU_COUNTED_RANK(K, R) \
  template void backend<cpu, op::rank>::run<K, R>(const cpu&, std::span<const K>, std::span<R>, const rank_options&);
ORDO_FOR_EACH_COUNTED_NARROW_KEY_AND_RANK(ORDO_INSTANTIATE_CPU_COUNTED_RANK)

}  // namespace ordo::detail
