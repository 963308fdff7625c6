// SpGEMM (seed 004, Sec. 5.2): ordo's ESSC (expansion, segmented sort,
// compression) against cuSPARSE's SpGEMM (the GPU baseline the issue names),
// ordo's CPU ESSC and the sequential Gustavson product, on A * A for
// generated power-law matrices (alpha {0.5, 1, 1.5} x at most {64, 512} per
// row, sized for about 2^26 products). Every row's C is checked against
// Gustavson's (same structure, values to 1e-12 relative); the Gustavson row
// is the one timed run that produced the check.
#include <cusparse.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include "apps/spgemm.hpp"
#include "common/cpu_timer.hpp"
#include "common/gpu_timer.cuh"
#include "common/options.hpp"
#include "common/results.hpp"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/device_buffer.hpp"
#include "ordo/error.hpp"

namespace ordo_bench {
namespace {

using u32 = std::uint32_t;
using csr = ordo_apps::host_csr<double>;

#define BENCH_CUSPARSE_CHECK(call)                                                                  \
  do {                                                                                              \
    const cusparseStatus_t s_ = (call);                                                             \
    if (s_ != CUSPARSE_STATUS_SUCCESS)                                                              \
      throw ordo::error(ordo::errc::cuda_error, std::string(#call) + ": " + cusparseGetErrorString(s_)); \
  } while (0)

bool same(const csr& c, const csr& r) {
  if (c.row_ptr != r.row_ptr || c.col != r.col) return false;
  for (std::size_t k = 0; k < c.val.size(); ++k)
    if (!(std::abs(c.val[k] - r.val[k]) <= 1e-12 * std::abs(r.val[k]))) return false;
  return true;
}

// cuSPARSE's generic SpGEMM, the whole documented workflow per call (work
// estimation, compute, sizes, allocation of C, copy), as a user runs it.
struct cusparse_spgemm {
  cusparseHandle_t handle{};
  explicit cusparse_spgemm() { BENCH_CUSPARSE_CHECK(cusparseCreate(&handle)); }
  ~cusparse_spgemm() { cusparseDestroy(handle); }

  csr run(const ordo_apps::csr_matrix<ordo::cuda, double>& a, bool download) {
    const auto op = CUSPARSE_OPERATION_NON_TRANSPOSE;
    const auto alg = CUSPARSE_SPGEMM_DEFAULT;
    const double one = 1, zero = 0;
    cusparseConstSpMatDescr_t ma;
    cusparseSpMatDescr_t mc;
    BENCH_CUSPARSE_CHECK(cusparseCreateConstCsr(&ma, a.rows, a.cols, int64_t(a.nnz()), a.row_ptr.data(), a.col.data(),
                                                a.val.data(), CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                                                CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
    BENCH_CUSPARSE_CHECK(cusparseCreateCsr(&mc, a.rows, a.cols, 0, nullptr, nullptr, nullptr, CUSPARSE_INDEX_32I,
                                           CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F));
    cusparseSpGEMMDescr_t desc;
    BENCH_CUSPARSE_CHECK(cusparseSpGEMM_createDescr(&desc));
    std::size_t b1 = 0, b2 = 0;
    void *buf1 = nullptr, *buf2 = nullptr;
    BENCH_CUSPARSE_CHECK(cusparseSpGEMM_workEstimation(handle, op, op, &one, ma, ma, &zero, mc, CUDA_R_64F, alg, desc,
                                                       &b1, nullptr));
    ORDO_CUDA_CHECK(cudaMalloc(&buf1, b1));
    BENCH_CUSPARSE_CHECK(cusparseSpGEMM_workEstimation(handle, op, op, &one, ma, ma, &zero, mc, CUDA_R_64F, alg, desc,
                                                       &b1, buf1));
    BENCH_CUSPARSE_CHECK(
        cusparseSpGEMM_compute(handle, op, op, &one, ma, ma, &zero, mc, CUDA_R_64F, alg, desc, &b2, nullptr));
    ORDO_CUDA_CHECK(cudaMalloc(&buf2, b2));
    BENCH_CUSPARSE_CHECK(
        cusparseSpGEMM_compute(handle, op, op, &one, ma, ma, &zero, mc, CUDA_R_64F, alg, desc, &b2, buf2));
    int64_t rows = 0, cols = 0, nnz = 0;
    BENCH_CUSPARSE_CHECK(cusparseSpMatGetSize(mc, &rows, &cols, &nnz));
    ordo::device_buffer<u32> rp{std::size_t(rows) + 1}, ci{std::size_t(nnz)};
    ordo::device_buffer<double> cv{std::size_t(nnz)};
    BENCH_CUSPARSE_CHECK(cusparseCsrSetPointers(mc, rp.data(), ci.data(), cv.data()));
    BENCH_CUSPARSE_CHECK(cusparseSpGEMM_copy(handle, op, op, &one, ma, ma, &zero, mc, CUDA_R_64F, alg, desc));
    csr c;
    if (download) {
      c.rows = u32(rows);
      c.cols = u32(cols);
      c.row_ptr = ordo_apps::to_host(rp);
      c.col = ordo_apps::to_host(ci);
      c.val = ordo_apps::to_host(cv);
    }
    cusparseSpGEMM_destroyDescr(desc);
    cusparseDestroySpMat(ma);
    cusparseDestroySpMat(mc);
    cudaFree(buf1);
    cudaFree(buf2);
    return c;
  }
};

// Rows for about `products` expanded entries: A * A with uniformly random
// columns expands to about rows * mean_row_nnz^2 products.
u32 rows_for(double alpha, u32 max_row, double products) {
  double w = 0, wl = 0;
  for (u32 l = 1; l <= max_row; ++l) {
    w += std::pow(double(l), -alpha);
    wl += double(l) * std::pow(double(l), -alpha);
  }
  const double mean = wl / w;
  return u32(std::clamp(products / (mean * mean), double(max_row), double(1u << 20)));
}

void spgemm_rows(results& res, const options& opt, double alpha, u32 max_row, cusparse_spgemm& cusp) {
  const u32 rows = rows_for(alpha, max_row, double(1u << 26));
  const csr a = ordo_apps::power_law_matrix<double>(rows, rows, alpha, max_row, 7);
  const auto t0 = std::chrono::steady_clock::now();
  const csr want = ordo_apps::spgemm_reference(a.view(), a.view());
  const double ref_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  const auto d_a = ordo_apps::to_device(a);
  const nlohmann::json params = {{"matrix", "power_law"}, {"rows", rows}, {"alpha", alpha}, {"max_row_nnz", max_row},
                                 {"a_nnz", a.nnz()}, {"c_nnz", want.nnz()}};
  ordo_apps::spgemm_stats st;
  ordo_apps::spgemm(ordo::cuda{}, d_a.view(), d_a.view(), &st);
  // Floor: read A twice (as A and as B's rows) and write C, plus the expanded
  // products written and read once as (column, value) pairs.
  const std::size_t bytes = 2 * a.nnz() * 12 + want.nnz() * 12 + 2 * st.products * 12;
  const double floor = copy_floor_ms(bytes, opt.reps);
  const int reps = std::max(3, opt.reps / 2);

  const double ms = median_ms([&] { ordo_apps::spgemm(ordo::cuda{}, d_a.view(), d_a.view()); }, reps);
  const bool ok = same(ordo_apps::to_host(ordo_apps::spgemm(ordo::cuda{}, d_a.view(), d_a.view())), want);
  row r = timed_row("spgemm", "ordo", "essc_segmented_sort", "float64", st.products, params, ms, floor, ok, true);
  r.extra = {{"products", st.products}};
  print_and_add(res, r);

  const double cu_ms = median_ms([&] { cusp.run(d_a, false); }, reps);
  r = timed_row("spgemm", "cusparse", "spgemm_default", "float64", st.products, params, cu_ms, floor,
                same(cusp.run(d_a, true), want), false);
  print_and_add(res, r);

  const ordo::cpu cpu{};
  csr c;
  const double cpu_ms = median_ms_host([&] { c = ordo_apps::spgemm(cpu, a.view(), a.view()); }, 1);
  r = timed_row("spgemm", "ordo_cpu", "essc_segmented_sort", "float64", st.products, params, cpu_ms, 0, same(c, want),
                false);
  r.extra = {{"threads", cpu.resolved_threads()}};
  print_and_add(res, r);

  r = timed_row("spgemm", "cpu_reference", "gustavson", "float64", st.products, params, ref_ms, 0, true, false);
  r.extra = {{"threads", 1}};
  print_and_add(res, r);
}

}  // namespace

void run_spgemm(const options& opt) {
  results res("spgemm");
  cusparse_spgemm cusp;
  for (double alpha : {0.5, 1.0, 1.5})
    for (u32 max_row : {64u, 512u}) spgemm_rows(res, opt, alpha, max_row, cusp);
  res.write(opt.out);
}

}  // namespace ordo_bench
