// Ranking a run of order codes and sending each rank to its key's place:
// the step sort_back and msd_replay share on the CPU. Templated on the code
// type (32 or 64 bits) and the rank type only, not the key type, so that the
// radix sort's instantiations (one per report callback) are shared by every
// key type with the same code width.
#pragma once
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

#include "ordo/cpu/memory/uninit_allocator.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/cpu/sort/radix_sort.hpp"
#include "cpu/rank/rank_groups.hpp"
#include "cpu/rank/rank_value_cpu.hpp"

namespace ordo::detail::cpu_rank {

// Sorts (codes, pos)[0, c) by code on w workers and writes dst[pos[q]] =
// the rank of sorted position base + q (tie groups never leave the run).
template <class U, class R, class Index>
void rank_home(int w, U* codes, Index* pos, std::size_t c, std::size_t base, R* dst, const rank_valuer<R>& value) {
  radix_sort_each(w, codes, pos, c, false, [&](std::size_t b, std::size_t e, std::size_t first, std::size_t last) {
    walk_groups(codes, b, e, first, last, 0, [&](std::size_t q, const group_facts& g) {
      dst[pos[q]] = value(base + q, group_facts{base + g.first, base + g.last, g.dense});
    });
  });
}

// One tie group of c keys at sorted offset base, in input order.
template <class R>
void rank_one_group(int w, R* dst, std::size_t c, std::size_t base, const rank_valuer<R>& value) {
  const group_facts g{base, base + c - 1, 1};
  sched::for_each_worker(w, [&](int t) {
    for (std::size_t j = sched::block_begin(c, w, t), e = sched::block_begin(c, w, t + 1); j < e; ++j)
      dst[j] = value(base + j, g);
  });
}

// A worker's buffers for msd_replay's leaves: positions, and the sort's
// second buffer of codes and positions.
template <class U>
struct leaf_scratch {
  std::vector<std::uint32_t, uninit_allocator<std::uint32_t>> pos, pos2;
  std::vector<U, uninit_allocator<U>> codes2;
  void reserve(std::size_t c) { pos.resize(c), pos2.resize(c), codes2.resize(c); }
};

// msd_replay's leaf: c codes of one bucket (agreeing from bit `shift` up;
// shift 0: one code) at sorted offset base, sorted with their positions on
// this thread; dst[position] = the key's rank.
template <class U, class R>
void rank_leaf(U* codes, R* dst, std::size_t c, std::size_t base, unsigned shift, const rank_valuer<R>& value,
               leaf_scratch<U>& s) {
  if (shift == 0) return rank_one_group(1, dst, c, base, value);
  std::uint32_t* p = s.pos.data();
  std::iota(p, p + c, 0u);
  radix_detail::sort_seq(radix_detail::span2<U, std::uint32_t>{codes, p, s.codes2.data(), s.pos2.data()}, c,
                         int((shift + 7) / 8), radix_code<U>{U(0)}, false);
  walk_groups(codes, 0, c, 0, c - 1, 0, [&](std::size_t q, const group_facts& g) {
    dst[p[q]] = value(base + q, group_facts{base + g.first, base + g.last, 0});
  });
}

// msd_replay's bucket too large for one core: sort_back's method inside it.
template <class U, class R>
void rank_big_bucket(int w, U* codes, R* dst, std::size_t c, std::size_t base, unsigned shift,
                     const rank_valuer<R>& value) {
  if (shift == 0) return rank_one_group(w, dst, c, base, value);
  auto as = [&]<class Index>(Index) {
    std::vector<Index, uninit_allocator<Index>> p(c);
    sched::for_each_worker(w, [&](int t) {
      for (std::size_t j = sched::block_begin(c, w, t), e = sched::block_begin(c, w, t + 1); j < e; ++j) p[j] = Index(j);
    });
    rank_home(w, codes, p.data(), c, base, dst, value);
  };
  if (c <= 0xffffffffull) as(std::uint32_t{});
  else as(std::uint64_t{});
}

}  // namespace ordo::detail::cpu_rank
