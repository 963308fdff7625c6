// Helman-JaJa list ranking on CPU threads (paper Sec. 3.2 and Algorithm 3):
//   1. splitters: one per `stride` indices (common/list_rank/splitters.hpp),
//      plus every head that is not a splitter
//   2. each thread walks sublists from their splitters to the next splitter,
//      writing every node's sublist and local prefix; it keeps several walks
//      in flight at once so their cache misses overlap
//   3. the sublists form a reduced list (link = next sublist, value = total
//      of the sublist before), ranked recursively, sequentially once small
//   4. recombination: node prefix = op(prefix of its sublist, local prefix)
// The same structure as the GPU's RHJ (src/cuda/list_rank/), on OpenMP.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

#include "common/list_rank/splitters.hpp"
#include "ordo/cpu/memory/uninit_allocator.hpp"
#include "cpu/list_rank/list_marks_cpu.hpp"
#include "cpu/list_rank/sequential_list_scan.hpp"

namespace ordo::detail::list {

struct hj_params {
  unsigned first_shift;   // log2 of the first level's stride
  unsigned deep_shift;    // log2 of the deeper levels' stride
  std::uint64_t cutoff;   // sequential at or below this many nodes
  std::uint32_t seed;
  bool equidistant;
  int threads;
};

inline constexpr std::uint32_t unvisited_sub = 0xffffffffu;
inline constexpr std::uint32_t head_sub = 0xfffffffeu;

template <class V>
struct walk_record {
  std::uint32_t sub;  // sublist number, head_sub, or unvisited_sub
  V acc;              // inclusive prefix from the sublist's first node
};

// Levels below the first read and write plain arrays; naming these types
// (rather than lambdas) keeps the recursion to one instantiation.
template <class V>
struct array_source {
  const V* v;
  V operator()(std::uint64_t x) const { return v[x]; }
};
template <class V>
struct level_sink {
  V* prefix;
  unsigned char* cyclic;
  void operator()(std::uint64_t x, V v, bool c) const {
    prefix[x] = v;
    cyclic[x] = c;
  }
};

template <class V, class Index, class Src, class Op, class Emit>
void helman_jaja_level(const Index* succ, std::uint64_t n, level_marks marks, Src src, Op op, Emit&& emit,
                       const hj_params& p, unsigned level) {
  const int threads = p.threads;
  const splitter_layout layout{n, level == 0 ? p.first_shift : p.deep_shift, p.seed + 0x9e3779b9u * level,
                               p.equidistant};
  const std::uint64_t m = layout.count();

  // Heads that are not splitters start walks of their own.
  std::vector<std::vector<std::uint64_t>> local_heads(threads);
  sched::for_each_worker(threads, [&](int t) {
    auto& mine = local_heads[t];
    for (std::uint64_t x = sched::block_begin(n, threads, t), e = sched::block_begin(n, threads, t + 1); x < e; ++x)
      if (!marks.has_pred_at(x) && !layout.is_splitter(x)) mine.push_back(x);
  });
  std::vector<std::uint64_t> heads;
  for (auto& h : local_heads) heads.insert(heads.end(), h.begin(), h.end());

  // Not zeroed on one thread: the parallel loop below writes every record.
  std::vector<walk_record<V>, uninit_allocator<walk_record<V>>> records(n);
  std::vector<std::uint32_t> succ1(m, 0xffffffffu);
  std::vector<V> value1(m, Op::template identity<V>());
  std::vector<std::uint32_t> marks1(mark_words(m), 0);
  sched::parallel_for(threads, 0, std::int64_t(n), [&](std::int64_t x) { records[x] = {unvisited_sub, V{}}; });

  const std::uint64_t walks = m + heads.size();
  // Walks each thread advances together. On 16 cores at 2^25 nodes, 8 took
  // 129 ms and this form 136-141 ms (other calls; the host varies by that
  // much); on 2 cores 16 was a fifth faster than 8 (docs/benchmarks.md).
  constexpr int in_flight = 16;
  {
    struct walker {
      std::uint64_t cur;
      V acc;
      std::uint32_t sub;
      bool live = false;
    };
    auto start = [&](walker& k, std::uint64_t id) {
      const std::uint64_t x = id < m ? layout.position(id) : heads[id - m];
      k = {x, src(x), id < m ? static_cast<std::uint32_t>(id) : head_sub, true};
      records[x] = {k.sub, k.acc};
    };
    // One step of a walk; false when it ends. The walk's next read of succ
    // is prefetched a round (in_flight steps) before it is made: the loads of
    // the walks in flight then overlap even where the core's window does not
    // reach that far ahead.
    auto step = [&](walker& k) {
      const std::uint64_t s = succ_value(succ[k.cur]);
      if (s >= n || marks.shared_at(s)) return false;
      if (layout.is_splitter(s)) {
        const std::uint64_t j = layout.group(s);
        value1[j] = k.acc;  // the total of the sublist before j
        if (k.sub != head_sub) {
          succ1[k.sub] = static_cast<std::uint32_t>(j);
          set_pred_mark(marks1.data(), j, true);
        }
        return false;
      }
      __builtin_prefetch(succ + s);
      k.acc = op(k.acc, src(s));
      records[s] = {k.sub, k.acc};
      k.cur = s;
      return true;
    };
    constexpr std::uint64_t chunk = 64;
    sched::parallel_for_dynamic(threads, 0, std::int64_t((walks + chunk - 1) / chunk), 1, [&](std::int64_t c) {
      walker w[in_flight];
      std::uint64_t next = std::uint64_t(c) * chunk;
      const std::uint64_t last = std::min(walks, next + chunk);
      int live = 0;
      for (auto& k : w)
        if (next < last) start(k, next++), ++live;
      while (live) {
        for (auto& k : w) {
          if (!k.live || step(k)) continue;
          if (next < last) start(k, next++);
          else k.live = false, --live;
        }
      }
    });
  }

  // The reduced list, ranked recursively.
  std::vector<V> prefix1(m);
  std::vector<unsigned char> cyclic1(m, 0);
  const level_sink<V> emit1{prefix1.data(), cyclic1.data()};
  const array_source<V> src1{value1.data()};
  if (m <= p.cutoff || m == n || threads == 1)
    sequential_list_scan<V>(succ1.data(), m, marks1.data(), src1, op, emit1);
  else
    helman_jaja_level<V>(succ1.data(), m, level_marks{marks1.data()}, src1, op, emit1, p, level + 1);

  sched::parallel_for(threads, 0, std::int64_t(n), [&](std::int64_t x) {
    const walk_record<V> r = records[x];
    if (r.sub < m) emit(x, op(prefix1[r.sub], r.acc), cyclic1[r.sub] != 0);
    else if (r.sub == head_sub) emit(x, r.acc, false);
    else emit(x, Op::template identity<V>(), true);
  });
}

}  // namespace ordo::detail::list
