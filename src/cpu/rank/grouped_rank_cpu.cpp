// The CPU backend of grouped_rank.hpp (ordo/cpu/grouped_rank_cpu.hpp declares
// it) and its explicit instantiations.
//   labels:   two stable parallel radix sorts (cpu/sort/radix_sort.hpp):
//             (order bits, index) by the bits, then those items by their
//             label's code, so each label's items are in key order with
//             ties in index order; then the groups (runs of one label)
//             ranked in parallel. (It was one comparison sort of (label,
//             bits, index) triples: 620 ms for 2^24 keys and 2^20 labels on
//             16 cores, 8x the ungrouped rank.)
//   segments: short segments in parallel, each sorted in a buffer of its
//             thread; long ones by rank() itself with every thread
#include <vector>

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

template <class T>
using buffer = std::vector<T, uninit_allocator<T>>;

// (bits, index) items of every label's group, each group in key order, and
// where the groups begin (then n). The sorts are instantiated per order-code
// and index type, not per key or rank type.
template <class U, class Index>
struct label_groups {
  buffer<cpu_rank::bits_index<U, Index>> items;
  std::vector<std::size_t> starts;
};

template <class U, class Index>
label_groups<U, Index> sort_by_label(int threads, buffer<U>& bits, buffer<Index>& idx, const label_desc& labels) {
  const std::size_t n = bits.size();
  radix_sort(threads, bits.data(), idx.data(), n, false);  // stable: ties keep index order
  label_groups<U, Index> g;
  g.items.resize(n);
  buffer<std::uint64_t> code(n);
  sched::for_each_worker(threads, [&](int t) {
    for (std::size_t p = sched::block_begin(n, threads, t), e = sched::block_begin(n, threads, t + 1); p < e; ++p) {
      code[p] = labels.code(idx[p]);
      g.items[p] = {bits[p], idx[p]};
    }
  });
  buffer<U>().swap(bits);  // free before the second sort's scratch
  buffer<Index>().swap(idx);
  radix_sort(threads, code.data(), g.items.data(), n, false);  // stable: each label's items stay in key order
  std::vector<std::vector<std::size_t>> part(static_cast<std::size_t>(threads));
  sched::for_each_worker(threads, [&](int t) {
    for (std::size_t p = sched::block_begin(n, threads, t), e = sched::block_begin(n, threads, t + 1); p < e; ++p)
      if (p == 0 || code[p] != code[p - 1]) part[std::size_t(t)].push_back(p);
  });
  for (const auto& q : part) g.starts.insert(g.starts.end(), q.begin(), q.end());
  g.starts.push_back(n);
  return g;
}

template <class Key, class Rank, class Index>
void grouped_rank_labels(int threads, std::span<const Key> keys, const label_desc& labels, std::span<Rank> ranks,
                         const rank_options& o) {
  using U = key_code_t<Key>;
  const std::size_t n = keys.size();
  buffer<U> bits(n);
  buffer<Index> idx(n);
  sched::for_each_worker(threads, [&](int t) {
    for (std::size_t i = sched::block_begin(n, threads, t), e = sched::block_begin(n, threads, t + 1); i < e; ++i) {
      bits[i] = key_traits<Key>::rank_bits(keys[i], !o.ascending, o.na == na_option::top);
      idx[i] = Index(i);
    }
  });
  const label_groups<U, Index> g = sort_by_label(threads, bits, idx, labels);
  const bool keep = keeps_nan<Key>(o);
  sched::parallel_for_dynamic(threads, 0, std::int64_t(g.starts.size() - 1), 64, [&](std::int64_t j) {
    cpu_rank::rank_sorted_group(g.items.data() + g.starts[j], g.starts[j + 1] - g.starts[j], o, keep, ranks.data());
  });
}

template <class Key, class Rank>
void grouped_rank_cpu(const cpu& exec, std::span<const Key> keys, const label_desc& labels, std::span<Rank> ranks,
                      const rank_options& o) {
  const std::size_t n = keys.size();
  if (n == 0) return;
  const int threads = sched::workers(exec, n);
  if (n <= 0xffffffffull) grouped_rank_labels<Key, Rank, std::uint32_t>(threads, keys, labels, ranks, o);
  else grouped_rank_labels<Key, Rank, std::uint64_t>(threads, keys, labels, ranks, o);
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
