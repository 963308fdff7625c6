// CPU rank() by counting (rank_unsorted_variant::counting): where the keys'
// order codes span at most counting_max_values values — every 8- and 16-bit
// integer key and bool, and small-range data such as ratings, ages or
// category codes in wider types — nothing is sorted:
//   1. the codes' range and the NaN count (code_facts: the pass msd_replay
//      starts with);
//   2. each worker counts its block's keys per value (code - lowest code);
//   3. one scan over the values gives each value's tie group [first, last]
//      and dense index, hence its rank under min, max, average and dense;
//   4. one pass writes ranks[i] = table[code(keys[i]) - lowest] in input
//      order (streamed past large_output).
// first (ordinal) numbers equal keys in input order: step 3 also gives each
// worker its own start inside each group (value-major, worker-minor, as a
// counting sort's offsets), and step 4 takes the next number from it.
// Three reads of the keys and one write of the ranks; the tables are
// values x workers counters (8 MiB at 2^16 values and 16 workers).
#pragma once
#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "ordo/cpu/memory/uninit_allocator.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/error.hpp"
#include "cpu/rank/rank_groups.hpp"
#include "cpu/rank/rank_value_cpu.hpp"
#include "cpu/rank/streaming_store.hpp"

namespace ordo::detail::cpu_rank {

inline constexpr std::size_t counting_max_values = std::size_t(1) << 16;

// The numbers' lowest and highest order code, and the NaN count (NaN's code
// lies outside every number's: it is not counted into the range).
template <class U>
struct code_facts {
  U lo, hi;
  std::size_t nans;
  // Distinct codes the numbers may take (0: no number), saturated.
  std::uint64_t values(std::size_t n) const {
    if (nans == n) return 0;
    const U span = U(hi - lo);
    return sizeof(U) == 8 && span == U(~U(0)) ? ~std::uint64_t(0) : std::uint64_t(span) + 1;
  }
};

template <class K>
key_code_t<K> rank_code(const K& k, const rank_options& o) {
  return key_traits<K>::rank_bits(k, !o.ascending, o.na == na_option::top);
}

template <class K>
code_facts<key_code_t<K>> find_code_facts(const K* keys, std::size_t n, const rank_options& o, int w) {
  using U = key_code_t<K>;
  struct alignas(64) facts {
    code_facts<U> f;
  };
  std::vector<facts> part(std::size_t(w), facts{{U(~U(0)), U(0), 0}});
  sched::for_each_worker(w, [&](int t) {
    code_facts<U> x{U(~U(0)), U(0), 0};
    for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i) {
      const bool nan = key_traits<K>::is_nan(keys[i]);
      const U c = nan ? x.lo : rank_code(keys[i], o);
      x.lo = std::min(x.lo, c);
      x.hi = nan ? x.hi : std::max(x.hi, c);
      x.nans += nan;
    }
    part[t].f = x;
  });
  code_facts<U> all{U(~U(0)), U(0), 0};
  for (const facts& x : part) all.lo = std::min(all.lo, x.f.lo), all.hi = std::max(all.hi, x.f.hi), all.nans += x.f.nans;
  return all;
}

// automatic counts where the per-worker tables cost less than the keys.
inline bool counting_pays(std::uint64_t values, std::size_t n, int w) {
  return values <= counting_max_values && values * std::uint64_t(w) <= 2 * std::uint64_t(n);
}

template <class K, class R>
struct counting_ranker {
  using U = key_code_t<K>;
  const K* keys;
  R* out;
  std::size_t n;
  const rank_options& o;
  int w;
  code_facts<U> f;

  void run() {
    const std::size_t V = std::size_t(f.values(n));
    if (V > counting_max_values)
      throw error(errc::not_supported, "rank: counting takes keys that span at most " +
                                           std::to_string(counting_max_values) + " values; these span " +
                                           std::to_string(f.values(n)) + " (use automatic)");
    const bool ordinal = o.method == rank_method::ordinal;
    const bool keep_nan = o.na == na_option::keep && f.nans > 0;
    const bool nan_first = o.na == na_option::top;
    // 2. counts per worker and value; the NaN group's count per worker at [V].
    // Each worker's row padded to whole cache lines: with a few values (bool,
    // 0/1) unpadded rows would share lines between the workers counting.
    const std::size_t stride = (V + 1 + 7) / 8 * 8;
    std::vector<std::size_t> cnt(std::size_t(w) * stride, 0);
    sched::for_each_worker(w, [&](int t) {
      std::size_t* c = cnt.data() + std::size_t(t) * stride;
      for (std::size_t i = sched::block_begin(n, w, t), e = sched::block_begin(n, w, t + 1); i < e; ++i)
        ++c[key_traits<K>::is_nan(keys[i]) ? V : std::min<std::size_t>(U(rank_code(keys[i], o) - f.lo), V)];
    });
    // 3. each value's group; ordinal: each worker's start in it
    const std::size_t numbers = n - f.nans;
    const std::size_t ranked = n - (keep_nan ? f.nans : 0);
    const std::size_t nan_base = nan_first ? 0 : numbers;  // the NaN group's first position
    std::size_t base = nan_first ? f.nans : 0;
    std::uint64_t dense = nan_first && f.nans > 0 ? 1 : 0;
    std::vector<group_facts> group(V);
    for (std::size_t v = 0; v < V; ++v) {
      std::size_t c = 0;
      for (int t = 0; t < w; ++t) c += cnt[std::size_t(t) * stride + v];
      if (c) group[v] = {base, base + c - 1, ++dense};
      base += c;
    }
    const std::uint64_t groups = dense + (!nan_first && !keep_nan && f.nans > 0 ? 1 : 0);
    const group_facts nan_group{nan_base, nan_base + (f.nans ? f.nans - 1 : 0), nan_first ? 1 : groups};
    const rank_valuer<R> value{o, keep_nan, ranked, pct_divisor(o.method, ranked, groups)};
    // The NaN group's value: rank_valuer leaves it unranked under keep (its
    // positions are at or past `ranked`).
    std::vector<R> table(ordinal ? 0 : V + 1);
    if (ordinal) {  // cnt becomes each worker's next position in each group
      sched::parallel_for(w, 0, std::int64_t(V + 1), [&](std::int64_t v) {
        std::size_t at = std::size_t(v) < V ? group[v].first : nan_group.first;
        for (int t = 0; t < w; ++t) {
          std::size_t& c = cnt[std::size_t(t) * stride + std::size_t(v)];
          const std::size_t mine = c;
          c = at;
          at += mine;
        }
      });
    } else {
      for (std::size_t v = 0; v < V; ++v) table[v] = value(group[v].first, group[v]);
      table[V] = value(nan_group.first, nan_group);
    }
    // 4. the ranks in input order
    const bool stream = n * sizeof(R) >= large_output;
    sched::for_each_worker(w, [&](int t) {
      struct gen {
        const counting_ranker& self;
        const R* table;
        std::size_t* cur;  // ordinal: this worker's next positions
        std::size_t V;
        group_facts nan_group;
        const rank_valuer<R>& value;
        std::size_t i;
        R one() {
          const K& k = self.keys[i++];
          const std::size_t v = key_traits<K>::is_nan(k) ? V : std::min<std::size_t>(U(rank_code(k, self.o) - self.f.lo), V);
          if (!cur) return table[v];
          const std::size_t pos = cur[v]++;
          return value(pos, v == V ? nan_group : group_facts{pos, pos, 0});
        }
        void line(R* v) {
          for (std::size_t q = 0; q < per_line<R>; ++q) v[q] = one();
        }
      } g{*this, table.data(), ordinal ? cnt.data() + std::size_t(t) * stride : nullptr, V, nan_group, value,
          sched::block_begin(n, w, t)};
      fill_by_lines(out, g.i, sched::block_begin(n, w, t + 1), stream, g);
    });
  }
};

// rank() by counting, asked for (or the front door's choice for 8- and
// 16-bit keys): the range, then counting_ranker (which throws past 2^16 values).
template <class K, class R>
void rank_counting(const K* keys, R* out, std::size_t n, const rank_options& o, int threads) {
  if (n == 0) return;
  const int w = n < sched::serial_below ? 1 : threads;
  counting_ranker<K, R>{keys, out, n, o, w, find_code_facts(keys, n, o, w)}.run();
}

}  // namespace ordo::detail::cpu_rank
