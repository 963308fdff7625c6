// The sequential check for ESSC SpGEMM: Gustavson's row-by-row product with
// a dense accumulator (no ordo), columns sorted afterwards.
#include <algorithm>

#include "spgemm.hpp"

namespace ordo_apps {

template <class Value>
host_csr<Value> spgemm_reference(const csr_view<Value>& a, const csr_view<Value>& b) {
  host_csr<Value> c;
  c.rows = a.rows;
  c.cols = b.cols;
  c.row_ptr.assign(std::size_t(a.rows) + 1, 0);
  std::vector<Value> acc(b.cols, Value(0));
  std::vector<char> used(b.cols, 0);
  std::vector<std::uint32_t> cols;
  for (std::uint32_t i = 0; i < a.rows; ++i) {
    cols.clear();
    for (std::uint32_t e = a.row_ptr[i]; e < a.row_ptr[i + 1]; ++e) {
      const std::uint32_t k = a.col[e];
      for (std::uint32_t p = b.row_ptr[k]; p < b.row_ptr[k + 1]; ++p) {
        const std::uint32_t j = b.col[p];
        if (!used[j]) {
          used[j] = 1;
          acc[j] = Value(0);
          cols.push_back(j);
        }
        acc[j] += a.val[e] * b.val[p];
      }
    }
    std::sort(cols.begin(), cols.end());
    for (std::uint32_t j : cols) {
      c.col.push_back(j);
      c.val.push_back(acc[j]);
      used[j] = 0;
    }
    c.row_ptr[i + 1] = std::uint32_t(c.col.size());
  }
  return c;
}

template host_csr<float> spgemm_reference(const csr_view<float>&, const csr_view<float>&);
template host_csr<double> spgemm_reference(const csr_view<double>&, const csr_view<double>&);

}  // namespace ordo_apps
