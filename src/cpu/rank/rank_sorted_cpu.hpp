// CPU rank_sorted: the paper's sequential loop (Sec. I) and the threaded
// version with the modified binary search (Sec. III.D), for every method.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "ordo/cpu/sched/sched.hpp"
#include "cpu/rank/modified_binary_search.hpp"
#include "cpu/rank/rank_groups.hpp"
#include "cpu/rank/min_rank_lines.hpp"
#include "cpu/rank/streaming_store.hpp"

namespace ordo::detail::cpu_rank {

template <class Rank>
Rank to_rank(rank_method m, std::size_t pos, const group_facts& g) {
  return method_value<Rank>(m, pos, g);
}

// The paper's loop, verbatim but for the tie test (NaN ties NaN).
template <class K, class R>
void scr_sequential_loop(const K* data, R* rank, std::size_t n) {
  if (n == 0) return;
  rank[0] = 1;
  for (std::size_t i = 1; i < n; i++) {
    if (keys_tie(data[i], data[i - 1])) rank[i] = rank[i - 1];
    else rank[i] = R(i + 1);
  }
}

template <class K, class R>
void rank_sorted_sequential(const K* keys, R* ranks, std::size_t n, rank_method m) {
  if (n == 0) return;
  if (m == rank_method::min) return scr_sequential_loop(keys, ranks, n);
  walk_groups(keys, 0, n, 0, n - 1, 1,
              [&](std::size_t pos, const group_facts& g) { ranks[pos] = to_rank<R>(m, pos, g); });
}

inline std::size_t chunk_count(std::size_t n, int threads) {
  return std::min<std::size_t>(n, std::size_t(threads) * 4);
}

// Threads each take a contiguous chunk and find where its first and last
// groups really begin and end with the modified binary search, so no thread
// waits for another. Dense ranks need the count of groups before a chunk, so
// they take one counting pass first. Calls sink(pos, group_facts) for every
// position; returns the number of groups when dense is asked for.
template <class K, class Sink>
std::uint64_t for_each_ranked(const K* keys, std::size_t n, rank_method m, int threads,
                              Sink&& sink) {
  if (n == 0) return 0;
  if (n < sched::serial_below) threads = 1;  // no thread start-up for small inputs
  const std::size_t chunks = chunk_count(n, threads);
  auto chunk_begin = [&](std::size_t c) { return n * c / chunks; };
  std::vector<std::uint64_t> dense_before(chunks + 1, 0);
  if (rank_facts(m) & fact_dense) {
    sched::parallel_for(threads, 0, std::ptrdiff_t(chunks), [&](std::ptrdiff_t c) {
      std::uint64_t heads = 0;
      for (std::size_t i = chunk_begin(c); i < chunk_begin(c + 1); ++i)
        heads += (i == 0 || !keys_tie(keys[i - 1], keys[i]));
      dense_before[c + 1] = heads;
    });
    for (std::size_t c = 0; c < chunks; ++c) dense_before[c + 1] += dense_before[c];
  }
  const bool need_last = rank_facts(m) & fact_last;
  sched::parallel_for(threads, 0, std::ptrdiff_t(chunks), [&](std::ptrdiff_t c) {
    const std::size_t b = chunk_begin(c), e = chunk_begin(c + 1);
    if (b == e) return;
    const std::size_t first = first_occurrence(keys, b);
    const std::size_t last = need_last ? last_occurrence(keys, n, e - 1) : e - 1;
    const bool b_is_head = b == 0 || !keys_tie(keys[b - 1], keys[b]);
    walk_groups(keys, b, e, first, last, dense_before[c] + (b_is_head ? 1 : 0), sink);
  });
  return dense_before[chunks];
}

template <class K, class R>
void rank_sorted_parallel(const K* keys, R* ranks, std::size_t n, rank_method m, int threads) {
  if (n == 0) return;
  if (n < sched::serial_below) threads = 1;
  if (m == rank_method::min) {  // the paper's per-thread loop after the search
    const std::size_t chunks = chunk_count(n, threads);
    const bool stream = n * sizeof(R) >= large_output;
    sched::parallel_for(threads, 0, std::ptrdiff_t(chunks), [&](std::ptrdiff_t c) {
      const std::size_t b = n * c / chunks, e = n * (c + 1) / chunks;
      if (b == e) return;
      min_rank_lines<K, R> gen{keys, b + 1, first_occurrence(keys, b) + 1};
      ranks[b] = R(gen.group);
      fill_by_lines(ranks, b + 1, e, stream, gen);
    });
    return;
  }
  for_each_ranked(keys, n, m, threads,
                  [&](std::size_t pos, const group_facts& g) { ranks[pos] = to_rank<R>(m, pos, g); });
}

// Index of the first out-of-order pair, or n when sorted.
template <class K>
std::size_t first_unsorted(const K* keys, std::size_t n, sort_order order, int threads) {
  if (n < 2) return n;
  // Each worker's first bad pair in its block; the first worker with one wins.
  const int w = n < sched::serial_below ? 1 : threads;
  std::vector<std::size_t> found(std::size_t(w), n);
  sched::for_each_worker(w, [&](int t) {
    for (std::size_t i = sched::block_begin(n - 1, w, t), e = sched::block_begin(n - 1, w, t + 1); i < e; ++i) {
      const bool ok = order == sort_order::ascending ? in_ascending_order(keys[i], keys[i + 1])
                                                     : in_descending_order(keys[i], keys[i + 1]);
      if (!ok) {
        found[t] = i;
        return;
      }
    }
  });
  return *std::min_element(found.begin(), found.end());
}

}  // namespace ordo::detail::cpu_rank
