// ESSC SpGEMM on the CPU backend (ordo::cpu): the template of spgemm_esc.hpp.
#include "spgemm_esc.hpp"

namespace ordo_apps {

template <class Value>
csr_matrix<ordo::cpu, Value> spgemm(const ordo::cpu& exec, const csr_view<Value>& a, const csr_view<Value>& b,
                                    spgemm_stats* stats) {
  return esc::spgemm(exec, a, b, stats);
}

template csr_matrix<ordo::cpu, float> spgemm(const ordo::cpu&, const csr_view<float>&, const csr_view<float>&,
                                             spgemm_stats*);
template csr_matrix<ordo::cpu, double> spgemm(const ordo::cpu&, const csr_view<double>&, const csr_view<double>&,
                                              spgemm_stats*);

}  // namespace ordo_apps
