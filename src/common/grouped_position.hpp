// The per-position step of grouped rank on the GPU (grouped_kernels.cuh),
// host and device: after the sort, position p holds element idx[p] with
// rank()'s order bits sb[p] and its group's code sg[p]; each group is a run
// of one code, sorted by bits (ties in index order). A position finds its
// run and its tie group by galloping from itself (short groups cost a few
// reads, a long one O(log length)).
#pragma once
#include <cstdint>
#include <type_traits>

#include "common/rank_value.hpp"
#include "ordo/detail/host_device.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/rank.hpp"

namespace ordo::detail::grouped {

// Group code of an element no segment covers (segment indices never reach it).
constexpr std::uint64_t uncovered = ~std::uint64_t(0);

// The first q in [lo, p] with same(q) for all of [q, p] (same(p) holds).
template <class Same>
ORDO_HD std::uint64_t run_begin(std::uint64_t p, std::uint64_t lo, Same same) {
  std::uint64_t good = p, step = 1, bad;
  for (;;) {
    if (good == lo) return lo;
    const std::uint64_t c = good - lo < step ? lo : good - step;
    if (!same(c)) { bad = c; break; }
    good = c;
    step *= 2;
  }
  while (good - bad > 1) {
    const std::uint64_t mid = bad + (good - bad) / 2;
    if (same(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

// The last q in [p, hi] with same(q) for all of [p, q] (same(p) holds).
template <class Same>
ORDO_HD std::uint64_t run_end(std::uint64_t p, std::uint64_t hi, Same same) {
  std::uint64_t good = p, step = 1, bad;
  for (;;) {
    if (good == hi) return hi;
    const std::uint64_t c = hi - good < step ? hi : good + step;
    if (!same(c)) { bad = c; break; }
    good = c;
    step *= 2;
  }
  while (bad - good > 1) {
    const std::uint64_t mid = good + (bad - good) / 2;
    if (same(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

struct grouped_rank_args {
  std::uint64_t n;
  rank_method method;
  bool pct;
  bool keep_nan;      // floating keys under na_option::keep: the kept-NaN bits are unranked
  bool skip_uncovered;  // segments: positions of code `uncovered` are not written
};

// The rank of sorted position p (see grouped_rank_kernel): its run (group)
// and tie group found by galloping from p, the value of rank_value.hpp
// written to out[idx[p]]. Host and device, so the CPU tests run it too.
template <class U, class I, class R>
ORDO_HD void rank_position(const U* sb, const std::uint64_t* sg, const I* idx, const I* cum, const grouped_rank_args& a,
                           std::uint64_t p, R* out) {
  const std::uint64_t g = sg[p];
  if (a.skip_uncovered && g == uncovered) return;
  const U b = sb[p];
  if (a.keep_nan && b == kept_nan_rank_bits<U>()) {
    out[idx[p]] = unranked_value<R>();
    return;
  }
  const auto in_group = [&](std::uint64_t q) { return sg[q] == g; };
  const auto in_tie = [&](std::uint64_t q) { return sg[q] == g && sb[q] == b; };
  const std::uint64_t gs = run_begin(p, 0, in_group), ge = run_end(p, a.n - 1, in_group);
  const std::uint64_t ts = run_begin(p, gs, in_tie), te = run_end(p, ge, in_tie);
  const std::uint64_t dense = cum ? std::uint64_t(cum[p] - cum[gs]) + 1 : 0;
  if constexpr (std::is_floating_point_v<R>) {
    double divisor = 1.0;
    if (a.pct) {
      std::uint64_t ranked_end = ge + 1;  // the kept NaN keys close the group
      if (a.keep_nan && sb[ge] == kept_nan_rank_bits<U>())
        ranked_end = run_begin(ge, p + 1, [&](std::uint64_t q) { return sb[q] == kept_nan_rank_bits<U>(); });
      const std::uint64_t distinct = cum ? std::uint64_t(cum[ranked_end - 1] - cum[gs]) + 1 : 0;
      divisor = pct_divisor(a.method, ranked_end - gs, distinct);
    }
    out[idx[p]] = finish_rank<R>(tie_group_rank<double>(a.method, p - gs, ts - gs, te - gs, dense), a.pct, divisor);
  } else {
    out[idx[p]] = tie_group_rank<R>(a.method, p - gs, ts - gs, te - gs, dense);
  }
}

}  // namespace ordo::detail::grouped
