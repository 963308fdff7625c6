// The CPU backend of lexsort.hpp: LSD over the columns, each pass one
// parallel gather of the column's codes in the current order, ordo::sort_idx
// (stable) over them, and the permutation composed.
#include <cstdint>
#include <numeric>
#include <vector>

#include "ordo/cpu/sched/sched.hpp"
#include "ordo/lexsort.hpp"
#include "ordo/primitives.hpp"

namespace ordo::detail {

template <> template <class Index>
void backend<cpu, op::lexsort_idx>::run(const cpu& exec, std::span<const sort_key> columns, std::span<Index> perm) {
  const std::size_t n = perm.size();
  const int threads = sched::workers(exec, n);
  std::iota(perm.begin(), perm.end(), Index(0));
  std::vector<std::uint64_t> codes(n);
  std::vector<Index> step(n), next(n);
  for (std::size_t c = columns.size(); c-- > 0;) {
    const sort_key& col = columns[c];
    visit_sort_key_type(col.type, [&]<class K>() {
      const K* keys = static_cast<const K*>(col.data);
      sched::parallel_for(threads, 0, std::int64_t(n),
                          [&](std::int64_t i) { codes[i] = sort_key_code(keys[perm[i]], col.descending, col.nan_last); });
    });
    ordo::sort_idx(exec, std::span<const std::uint64_t>(codes), std::span<Index>(step));
    sched::parallel_for(threads, 0, std::int64_t(n), [&](std::int64_t i) { next[i] = perm[step[i]]; });
    std::copy(next.begin(), next.end(), perm.begin());
  }
}

template void backend<cpu, op::lexsort_idx>::run<std::uint32_t>(const cpu&, std::span<const sort_key>,
                                                                std::span<std::uint32_t>);
template void backend<cpu, op::lexsort_idx>::run<std::uint64_t>(const cpu&, std::span<const sort_key>,
                                                                std::span<std::uint64_t>);

}  // namespace ordo::detail
