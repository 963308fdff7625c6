// The CPU backend of lexsort.hpp: LSD over the columns, each pass one
// parallel gather of the column's codes in the current order, ordo::sort_idx
// (stable) over them, and the permutation composed.
#include <cstdint>
#include <numeric>
#include <vector>

#include "ordo/lexsort.hpp"
#include "ordo/primitives.hpp"

namespace ordo::detail {

template <class Index>
void lexsort_idx_cpu(const cpu& exec, std::span<const sort_key> columns, std::span<Index> perm) {
  const int threads = exec.resolved_threads();
  const std::size_t n = perm.size();
  std::iota(perm.begin(), perm.end(), Index(0));
  std::vector<std::uint64_t> codes(n);
  std::vector<Index> step(n), next(n);
  for (std::size_t c = columns.size(); c-- > 0;) {
    const sort_key& col = columns[c];
    visit_sort_key_type(col.type, [&]<class K>() {
      const K* keys = static_cast<const K*>(col.data);
#pragma omp parallel for num_threads(threads) schedule(static)
      for (std::ptrdiff_t i = 0; i < std::ptrdiff_t(n); ++i)
        codes[i] = sort_key_code(keys[perm[i]], col.descending, col.nan_last);
    });
    ordo::sort_idx(exec, std::span<const std::uint64_t>(codes), std::span<Index>(step));
#pragma omp parallel for num_threads(threads) schedule(static)
    for (std::ptrdiff_t i = 0; i < std::ptrdiff_t(n); ++i) next[i] = perm[step[i]];
    std::copy(next.begin(), next.end(), perm.begin());
  }
}

template void lexsort_idx_cpu<std::uint32_t>(const cpu&, std::span<const sort_key>, std::span<std::uint32_t>);
template void lexsort_idx_cpu<std::uint64_t>(const cpu&, std::span<const sort_key>, std::span<std::uint64_t>);

}  // namespace ordo::detail
