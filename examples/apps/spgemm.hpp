// Sparse matrix-matrix product C = A * B by expansion, segmented sorting and
// compression: the ESSC application of seed 004 (Hou et al., ICS'17,
// Sec. 5.2), after the ESC method of Bell, Dalton and Olson.
//
// Matrices are CSR with 32-bit row pointers and column indices, columns
// sorted within each row; float or double values. C comes out the same way,
// with no explicit zeros removed (an entry exists where some product landed).
//
// Example (CPU; the same call with ordo::cuda{} and device matrices):
//   auto A = ordo_apps::power_law_matrix<double>(1000, 1000, 1.0, 50, 7);
//   auto C = ordo_apps::spgemm(ordo::cpu{}, A.view(), A.view());   // A squared
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "backend.hpp"
#include "ordo/execution.hpp"

namespace ordo_apps {

template <class Value>
struct csr_view {
  std::uint32_t rows = 0, cols = 0;
  std::span<const std::uint32_t> row_ptr;  // rows + 1 entries
  std::span<const std::uint32_t> col;      // nnz entries
  std::span<const Value> val;              // nnz entries
};

// A CSR matrix owning its arrays in a backend's memory (std::vector for
// ordo::cpu; for ordo::cuda, stream-ordered memory of the call's exec).
template <class Exec, class Value>
struct csr_matrix {
  std::uint32_t rows = 0, cols = 0;
  buffer<Exec, std::uint32_t> row_ptr, col;
  buffer<Exec, Value> val;
  csr_view<Value> view() const { return {rows, cols, cspan_of(row_ptr), cspan_of(col), cspan_of(val)}; }
  std::uint64_t nnz() const { return col.size(); }
};

template <class Value>
using host_csr = csr_matrix<ordo::cpu, Value>;

struct spgemm_stats {
  std::uint64_t products = 0;  // entries of the expanded matrix (the segmented sort's n)
  std::uint64_t nnz = 0;       // entries of C
};

// Throws ordo::error (invalid_argument) where A.cols != B.rows, a matrix's
// arrays do not fit its shape, a column index is out of range, or the
// product has 2^32 or more expanded entries. The cuda overload waits for
// exec.stream a few times: four small read-backs per input matrix (the
// checks), then the product count and C's size.
template <class Value>
csr_matrix<ordo::cpu, Value> spgemm(const ordo::cpu& exec, const csr_view<Value>& a, const csr_view<Value>& b,
                                    spgemm_stats* stats = nullptr);
#if defined(ORDO_HAS_CUDA)
template <class Value>
csr_matrix<ordo::cuda, Value> spgemm(const ordo::cuda& exec, const csr_view<Value>& a, const csr_view<Value>& b,
                                     spgemm_stats* stats = nullptr);
template <class Value>
csr_matrix<ordo::cuda, Value> to_device(const host_csr<Value>& m);
template <class Value>
host_csr<Value> to_host(const csr_matrix<ordo::cuda, Value>& m);
#endif

// The check: Gustavson's row-by-row product with a dense accumulator,
// sequential, written without ordo. Columns sorted, sums in the order of A's
// and B's entries.
template <class Value>
host_csr<Value> spgemm_reference(const csr_view<Value>& a, const csr_view<Value>& b);

// Seeded square-ish test matrices: row lengths drawn from P(l) ~ l^-alpha on
// [1, max_row_nnz], distinct uniformly random columns, values in [0.5, 1.5).
// Squaring one gives expanded rows of power-law lengths, as the paper's
// matrices do (its Fig. 2).
template <class Value>
host_csr<Value> power_law_matrix(std::uint32_t rows, std::uint32_t cols, double alpha, std::uint32_t max_row_nnz,
                                 std::uint64_t seed);

}  // namespace ordo_apps
