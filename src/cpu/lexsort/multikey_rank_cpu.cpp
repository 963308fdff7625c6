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

// Steps 1-3 of multikey_position.hpp: everything but the rank values, so
// that only the last loop is compiled per rank type.
template <class Index>
struct tie_groups {
  std::vector<Index> perm;
  std::vector<std::uint8_t> flags;
  std::vector<std::uint64_t> dense, unr, first;  // unr empty when no row can be unranked
  const std::uint64_t* unranked() const { return unr.empty() ? nullptr : unr.data(); }
};

template <class Index>
tie_groups<Index> find_tie_groups(const cpu& exec, std::span<const sort_key> columns, std::uint64_t n,
                                  const rank_options& o) {
  const int threads = sched::workers(exec, n);
  const std::int64_t end = std::int64_t(n);
  tie_groups<Index> g;
  g.perm.resize(n);
  ordo::lexsort_idx(exec, columns, std::span<Index>(g.perm));

  const bool keep = multikey::may_unrank(columns, o);
  g.flags.assign(n, 0);
  for (const sort_key& col : columns) {
    visit_sort_key_type(col.type, [&]<class K>() {
      const K* keys = static_cast<const K*>(col.data);
      sched::parallel_for(threads, 0, end,
                          [&](std::int64_t p) { g.flags[p] |= multikey::column_flags(keys, g.perm.data(), p, keep); });
    });
  }

  g.dense.resize(n);
  g.unr.resize(keep ? n : 0);
  g.first.resize(n);
  sched::parallel_for(threads, 0, end, [&](std::int64_t p) {
    g.dense[p] = multikey::begins_group(g.flags[p]);
    if (keep) g.unr[p] = multikey::is_unranked(g.flags[p]);
  });
  ordo::scan(exec, std::span<const std::uint64_t>(g.dense), std::span<std::uint64_t>(g.dense));
  if (keep) ordo::scan(exec, std::span<const std::uint64_t>(g.unr), std::span<std::uint64_t>(g.unr));
  sched::parallel_for(threads, 0, end, [&](std::int64_t p) {
    multikey::group_first(g.flags.data(), g.dense.data(), g.unranked(), p, g.first.data());
  });
  return g;
}

// Step 4.
template <class Index, class Rank>
void multikey_rank_cpu(const cpu& exec, std::span<const sort_key> columns, std::span<Rank> ranks,
                       const rank_options& o) {
  const std::uint64_t n = ranks.size();
  const tie_groups<Index> g = find_tie_groups<Index>(exec, columns, n, o);
  const multikey::rank_args a{n, o.method, o.pct};
  sched::parallel_for(sched::workers(exec, n), 0, std::int64_t(n), [&](std::int64_t p) {
    multikey::rank_position(g.perm.data(), g.flags.data(), g.dense.data(), g.unranked(), g.first.data(), a, p,
                            ranks.data());
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
