// CPU rank() over unsorted keys, pandas semantics: sort (order bits, index)
// pairs, rank the sorted bits with the same group walker as rank_sorted, and
// scatter each rank to the key's original position.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include <parallel/algorithm>

#include "ordo/detail/key_traits.hpp"
#include "cpu/rank/rank_sorted_cpu.hpp"

namespace ordo::detail::cpu_rank {

template <class K, class R>
void rank_unsorted(const K* keys, R* out, std::size_t n, const rank_options& o, int threads) {
  if (n == 0) return;
  using U = key_code_t<K>;
  const bool nan_on_top = o.na == na_option::top;
  std::vector<std::pair<U, std::uint64_t>> items(n);
  std::size_t nan_count = 0;
#pragma omp parallel for num_threads(threads) schedule(static) reduction(+ : nan_count)
  for (std::ptrdiff_t i = 0; i < std::ptrdiff_t(n); ++i) {
    items[i] = {key_traits<K>::rank_bits(keys[i], !o.ascending, nan_on_top), std::uint64_t(i)};
    nan_count += key_traits<K>::is_nan(keys[i]);
  }
  // Pairs compare by bits, then index: a total order, so the result is the
  // stable order that 'first' (ordinal) needs, whatever sort does the work.
  if (threads > 1)
    __gnu_parallel::sort(items.begin(), items.end(), __gnu_parallel::multiway_mergesort_tag(threads));
  else
    std::sort(items.begin(), items.end());

  std::vector<U> sorted_bits(n);
#pragma omp parallel for num_threads(threads) schedule(static)
  for (std::ptrdiff_t i = 0; i < std::ptrdiff_t(n); ++i) sorted_bits[i] = items[i].first;

  // 'keep' leaves NaN unranked; it sorts last, so other ranks are unaffected.
  const bool keep_nan = o.na == na_option::keep && nan_count > 0;
  const std::size_t ranked = n - (keep_nan ? nan_count : 0);
  std::uint64_t groups = 0;
  if (o.pct && o.method == rank_method::dense) {
    // the divisor is the largest dense rank among ranked keys
    groups = 1;
    for (std::size_t i = 1; i < ranked; ++i) groups += sorted_bits[i] != sorted_bits[i - 1];
    if (ranked == 0) groups = 0;
  }
  const double divisor = pct_divisor(o.method, ranked, groups);
  for_each_ranked(sorted_bits.data(), n, o.method, threads,
                  [&](std::size_t pos, const group_facts& g) {
                    const std::uint64_t idx = items[pos].second;
                    if (keep_nan && pos >= ranked) {
                      out[idx] = unranked_value<R>();
                      return;
                    }
                    if constexpr (std::is_floating_point_v<R>) {
                      out[idx] = finish_rank<R>(method_value<double>(o.method, pos, g), o.pct, divisor);
                    } else {
                      out[idx] = method_value<R>(o.method, pos, g);
                    }
                  });
}

}  // namespace ordo::detail::cpu_rank
