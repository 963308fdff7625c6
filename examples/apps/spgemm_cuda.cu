// ESSC SpGEMM on the GPU backend (ordo::cuda): the template of spgemm_esc.hpp,
// and the copies of a CSR matrix between host and device.
#include "spgemm_esc.hpp"

namespace ordo_apps {

template <class Value>
csr_matrix<ordo::cuda, Value> spgemm(const ordo::cuda& exec, const csr_view<Value>& a, const csr_view<Value>& b,
                                     spgemm_stats* stats) {
  return esc::spgemm(exec, a, b, stats);
}

template <class Value>
csr_matrix<ordo::cuda, Value> to_device(const host_csr<Value>& m) {
  const ordo::cuda exec{};
  return {m.rows, m.cols, upload(exec, m.row_ptr), upload(exec, m.col), upload(exec, m.val)};
}

template <class Value>
host_csr<Value> to_host(const csr_matrix<ordo::cuda, Value>& m) {
  return {m.rows, m.cols, to_host(m.row_ptr), to_host(m.col), to_host(m.val)};
}

#define ORDO_APPS_SPGEMM_CUDA(V)                                                                               \
  template csr_matrix<ordo::cuda, V> spgemm(const ordo::cuda&, const csr_view<V>&, const csr_view<V>&,         \
                                            spgemm_stats*);                                                    \
  template csr_matrix<ordo::cuda, V> to_device(const host_csr<V>&);                                            \
  template host_csr<V> to_host(const csr_matrix<ordo::cuda, V>&);
ORDO_APPS_SPGEMM_CUDA(float)
ORDO_APPS_SPGEMM_CUDA(double)

}  // namespace ordo_apps
