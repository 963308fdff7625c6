// The CPU backend of multikey_rank.hpp: lexsort_idx's stable order, then the
// steps of common/multikey_position.hpp as parallel loops and ordo::scan.
#include <cstdint>
#include <span>
#include <vector>

#include "common/multikey_position.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/multikey_rank.hpp"
#include "ordo/primitives.hpp"

namespace ordo::detail {

namespace {

template <class Index, class Rank>
void multikey_rank_cpu(const cpu& exec, std::span<const sort_key> columns, std::span<Rank> ranks,
                       const rank_options& o) {
  const std::uint64_t n = ranks.size();
  const int threads = sched::workers(exec, n);
  const std::int64_t end = std::int64_t(n);
  std::vector<Index> perm(n);
  ordo::lexsort_idx(exec, columns, std::span<Index>(perm));

  const bool keep = multikey::may_unrank(columns, o);
  std::vector<std::uint8_t> flags(n, 0);
  for (const sort_key& col : columns) {
    visit_sort_key_type(col.type, [&]<class K>() {
      const K* keys = static_cast<const K*>(col.data);
      sched::parallel_for(threads, 0, end,
                          [&](std::int64_t p) { flags[p] |= multikey::column_flags(keys, perm.data(), p, keep); });
    });
  }

  std::vector<std::uint64_t> dense(n), unr(keep ? n : 0), first(n);
  sched::parallel_for(threads, 0, end, [&](std::int64_t p) {
    dense[p] = multikey::begins_group(flags[p]);
    if (keep) unr[p] = multikey::is_unranked(flags[p]);
  });
  ordo::scan(exec, std::span<const std::uint64_t>(dense), std::span<std::uint64_t>(dense));
  if (keep) ordo::scan(exec, std::span<const std::uint64_t>(unr), std::span<std::uint64_t>(unr));
  const std::uint64_t* u = keep ? unr.data() : nullptr;
  sched::parallel_for(threads, 0, end,
                      [&](std::int64_t p) { multikey::group_first(flags.data(), dense.data(), u, p, first.data()); });
  const multikey::rank_args a{n, o.method, o.pct};
  sched::parallel_for(threads, 0, end, [&](std::int64_t p) {
    multikey::rank_position(perm.data(), flags.data(), dense.data(), u, first.data(), a, p, ranks.data());
  });
}

}  // namespace

template <> template <class Rank>
void backend<cpu, op::multikey_rank>::run(const cpu& exec, std::span<const sort_key> columns, std::span<Rank> ranks,
                                          const rank_options& o) {
  if (ranks.size() <= 0xffffffffull) multikey_rank_cpu<std::uint32_t>(exec, columns, ranks, o);
  else multikey_rank_cpu<std::uint64_t>(exec, columns, ranks, o);
}

#define ORDO_INSTANTIATE_CPU_MULTIKEY_RANK(R)                                                               \
  template void backend<cpu, op::multikey_rank>::run<R>(const cpu&, std::span<const sort_key>, std::span<R>, \
                                                        const rank_options&);
ORDO_INSTANTIATE_CPU_MULTIKEY_RANK(std::uint32_t)
ORDO_INSTANTIATE_CPU_MULTIKEY_RANK(std::uint64_t)
ORDO_INSTANTIATE_CPU_MULTIKEY_RANK(float)
ORDO_INSTANTIATE_CPU_MULTIKEY_RANK(double)
#undef ORDO_INSTANTIATE_CPU_MULTIKEY_RANK

}  // namespace ordo::detail
