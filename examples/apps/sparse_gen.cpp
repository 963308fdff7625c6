// Seeded power-law sparse matrices for the SpGEMM application.
#include <algorithm>
#include <cmath>
#include <random>

#include "ordo/error.hpp"
#include "spgemm.hpp"

namespace ordo_apps {

template <class Value>
host_csr<Value> power_law_matrix(std::uint32_t rows, std::uint32_t cols, double alpha, std::uint32_t max_row_nnz,
                                 std::uint64_t seed) {
  if (max_row_nnz == 0 || max_row_nnz > cols)
    throw ordo::error(ordo::errc::invalid_argument, "power_law_matrix: max_row_nnz must be in [1, cols]");
  std::vector<double> cdf(max_row_nnz);
  double acc = 0;
  for (std::uint32_t l = 1; l <= max_row_nnz; ++l) cdf[l - 1] = acc += std::pow(double(l), -alpha);
  std::mt19937_64 g(seed);
  std::uniform_real_distribution<double> value(0.5, 1.5);
  host_csr<Value> m;
  m.rows = rows;
  m.cols = cols;
  m.row_ptr.assign(std::size_t(rows) + 1, 0);
  std::vector<std::uint32_t> row;
  for (std::uint32_t i = 0; i < rows; ++i) {
    const double u = double(g() >> 11) * 0x1.0p-53 * acc;
    const std::uint32_t len = std::uint32_t(std::lower_bound(cdf.begin(), cdf.end(), u) - cdf.begin()) + 1;
    row.clear();
    while (row.size() < len) {  // distinct columns; len <= cols, and rejection is rare for sparse rows
      row.push_back(std::uint32_t(g() % cols));
      if (row.size() == len) {
        std::sort(row.begin(), row.end());
        row.erase(std::unique(row.begin(), row.end()), row.end());
      }
    }
    for (std::uint32_t j : row) {
      m.col.push_back(j);
      m.val.push_back(Value(value(g)));
    }
    m.row_ptr[i + 1] = std::uint32_t(m.col.size());
  }
  return m;
}

template host_csr<float> power_law_matrix<float>(std::uint32_t, std::uint32_t, double, std::uint32_t, std::uint64_t);
template host_csr<double> power_law_matrix<double>(std::uint32_t, std::uint32_t, double, std::uint32_t,
                                                   std::uint64_t);

}  // namespace ordo_apps
