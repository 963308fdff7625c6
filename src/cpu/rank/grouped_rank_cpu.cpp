// The CPU backend of grouped_rank.hpp (ordo/cpu/grouped_rank_cpu.hpp declares
// it) and its explicit instantiations.
//   labels:   one parallel sort of (label, order bits, index) items, then the
//             groups (runs of one label) ranked in parallel
//   segments: short segments in parallel, each sorted in a buffer of its
//             thread; long ones by rank() itself with every thread
#include <vector>

#include <parallel/algorithm>

#include "cpu/rank/grouped_rank_cpu.hpp"
#include "cpu/rank/rank_unsorted_cpu.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/key_types.hpp"
#include "ordo/grouped_rank.hpp"
#include "ordo/segmented_sort.hpp"  // validate_segments_cpu

namespace ordo::detail {

namespace {
template <class K>
bool keeps_nan(const rank_options& o) {
  return std::is_floating_point_v<K> && o.na == na_option::keep;
}
}  // namespace

template <class Key, class Rank>
void grouped_rank_cpu(const cpu& exec, std::span<const Key> keys, const label_desc& labels, std::span<Rank> ranks,
                      const rank_options& o) {
  using U = key_code_t<Key>;
  const std::size_t n = keys.size();
  if (n == 0) return;
  const int threads = sched::workers(exec, n);
  std::vector<cpu_rank::group_item<U>> items(n);
  sched::parallel_for(threads, 0, std::int64_t(n), [&](std::int64_t i) {
    items[i] = cpu_rank::make_group_item(keys.data(), std::uint64_t(i), labels.code(i), o);
  });
  if (threads > 1)
    __gnu_parallel::sort(items.begin(), items.end(), __gnu_parallel::multiway_mergesort_tag(threads));
  else
    std::sort(items.begin(), items.end());
  std::vector<std::size_t> starts;  // where each group begins in sorted order, then n
  for (std::size_t p = 0; p < n; ++p)
    if (p == 0 || items[p].label != items[p - 1].label) starts.push_back(p);
  starts.push_back(n);
  const bool keep = keeps_nan<Key>(o);
  sched::parallel_for_dynamic(threads, 0, std::int64_t(starts.size() - 1), 64, [&](std::int64_t g) {
    cpu_rank::rank_sorted_group(items.data() + starts[g], starts[g + 1] - starts[g], o, keep, ranks.data());
  });
}

template <class Key, class Rank>
void segmented_rank_cpu(const cpu& exec, std::span<const Key> keys, const segment_desc& d, std::span<Rank> ranks,
                        const rank_options& o) {
  using U = key_code_t<Key>;
  validate_segments_cpu(exec, "grouped_rank", d);
  const std::uint64_t n = keys.size();
  const int threads = sched::workers(exec, n);
  const auto is_long = [&](segment_range r) {
    const std::uint64_t len = r.end - r.begin;
    return threads > 1 && len >= cpu_long_segment && len * std::uint64_t(threads) > n;
  };
  const bool keep = keeps_nan<Key>(o);
  std::vector<std::vector<cpu_rank::group_item<U>>> scratch(std::size_t(std::max(threads, 1)));  // one per worker
  sched::for_each_claimed(threads, d.count, 16, [&](int t, std::uint64_t b, std::uint64_t e) {
    auto& items = scratch[std::size_t(t)];
    for (std::uint64_t s = b; s < e; ++s) {
      const segment_range r = d[s];
      if (r.begin == r.end || is_long(r)) continue;
      items.resize(r.end - r.begin);
      for (std::uint64_t i = r.begin; i < r.end; ++i)
        items[i - r.begin] = cpu_rank::make_group_item(keys.data(), i, 0, o);
      std::sort(items.begin(), items.end());
      cpu_rank::rank_sorted_group(items.data(), items.size(), o, keep, ranks.data());
    }
  });
  for (std::uint64_t s = 0; s < d.count; ++s) {
    const segment_range r = d[s];
    if (r.begin != r.end && is_long(r))
      cpu_rank::rank_unsorted(keys.data() + r.begin, ranks.data() + r.begin, r.end - r.begin, o, threads);
  }
}

#define ORDO_INSTANTIATE_CPU_GROUPED_RANK(K, R)                                                                  \
  template void grouped_rank_cpu<K, R>(const cpu&, std::span<const K>, const label_desc&, std::span<R>,        \
                                       const rank_options&);                                                    \
  template void segmented_rank_cpu<K, R>(const cpu&, std::span<const K>, const segment_desc&, std::span<R>,    \
                                         const rank_options&);
#define ORDO_INSTANTIATE_CPU_GROUPED_RANK_ALL(K)      \
  ORDO_INSTANTIATE_CPU_GROUPED_RANK(K, std::uint32_t) \
  ORDO_INSTANTIATE_CPU_GROUPED_RANK(K, std::uint64_t) \
  ORDO_INSTANTIATE_CPU_GROUPED_RANK(K, float)         \
  ORDO_INSTANTIATE_CPU_GROUPED_RANK(K, double)

ORDO_FOR_EACH_KEY(ORDO_INSTANTIATE_CPU_GROUPED_RANK_ALL)

}  // namespace ordo::detail
