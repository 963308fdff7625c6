// The narrow keys' conversions to and from their carrier (key_traits.hpp) on
// the CPU, one parallel loop each, for the types of ORDO_FOR_EACH_NARROW_KEY
// (declared extern in ordo/detail/narrow_keys.hpp).
#include <cstdint>

#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/key_types.hpp"
#include "ordo/detail/narrow_keys.hpp"

namespace ordo::detail {

template <class K>
void widen_keys_cpu(const cpu& exec, const K* in, carrier_t<K>* out, std::size_t n) {
  sched::parallel_for(sched::workers(exec, n), 0, std::int64_t(n), [&](std::int64_t i) { out[i] = widen_key<K>(in[i]); });
}

template <class K>
void narrow_keys_cpu(const cpu& exec, const carrier_t<K>* in, K* out, std::size_t n) {
  sched::parallel_for(sched::workers(exec, n), 0, std::int64_t(n), [&](std::int64_t i) { out[i] = narrow_key<K>(in[i]); });
}

#define ORDO_INST_NARROW_KEYS_CPU(K)                                                       \
  template void widen_keys_cpu<K>(const cpu&, const K*, carrier_t<K>*, std::size_t); \
  template void narrow_keys_cpu<K>(const cpu&, const carrier_t<K>*, K*, std::size_t);
ORDO_FOR_EACH_NARROW_KEY(ORDO_INST_NARROW_KEYS_CPU)

}  // namespace ordo::detail
