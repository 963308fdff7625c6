// C = A * A for a generated power-law sparse matrix, by expansion, ordo's
// segmented sort and compression (ESSC), on the GPU where there is one.
//   spgemm_example [--rows R] [--alpha A] [--max M] [--device cpu|cuda] [--seed S]
// Checks C against the sequential Gustavson product and prints the time.
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "apps/spgemm.hpp"
#include "ordo/error.hpp"
#include "example_main.hpp"

namespace {

bool same(const ordo_apps::host_csr<double>& c, const ordo_apps::host_csr<double>& r) {
  if (c.row_ptr != r.row_ptr || c.col != r.col) return false;
  for (std::size_t k = 0; k < c.val.size(); ++k)
    if (std::abs(c.val[k] - r.val[k]) > 1e-12 * std::abs(r.val[k])) return false;
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::uint32_t rows = 100000, max_nnz = 500;
  double alpha = 1.0;
  std::uint64_t seed = 1;
  std::string device = ordo::cuda_available() ? "cuda" : "cpu";
  if (!read_flags(argc, argv,
                  {{"--rows", sets(rows)}, {"--alpha", sets(alpha)}, {"--max", sets(max_nnz)},
                   {"--device", sets(device)}, {"--seed", sets(seed)}},
                  "[--rows R] [--alpha A] [--max M] [--device cpu|cuda] [--seed S]"))
    return 2;
  try {
    if (skip_without_gpu(device)) return 0;
    const auto a = ordo_apps::power_law_matrix<double>(rows, rows, alpha, max_nnz, seed);
    ordo_apps::host_csr<double> c;
    ordo_apps::spgemm_stats st;
    const auto t0 = std::chrono::steady_clock::now();
    if (device == "cuda") {
#if defined(ORDO_HAS_CUDA)
      const auto d_a = ordo_apps::to_device(a);
      c = ordo_apps::to_host(ordo_apps::spgemm(ordo::cuda{}, d_a.view(), d_a.view(), &st));
#else
      throw ordo::error(ordo::errc::not_supported, "built without CUDA");
#endif
    } else {
      c = ordo_apps::spgemm(ordo::cpu{}, a.view(), a.view(), &st);
    }
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    const bool ok = same(c, ordo_apps::spgemm_reference(a.view(), a.view()));
    std::printf("A: %u x %u, %zu nonzeros (power law, alpha %.2f, at most %u per row)\n", a.rows, a.cols, a.col.size(),
                alpha, max_nnz);
    std::printf("A*A on %s: %.2f ms, %llu products sorted in %u segments, C has %llu nonzeros; %s\n", device.c_str(), ms,
                static_cast<unsigned long long>(st.products), a.rows, static_cast<unsigned long long>(st.nnz),
                ok ? "matches the reference" : "MISMATCH");
    return ok ? 0 : 1;
  } catch (const ordo::error& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
}
