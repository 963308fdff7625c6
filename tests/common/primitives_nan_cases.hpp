// NaN, signed zeros, infinities and integer overflow in scan and reduce, and
// fork totals past 2^64, written once over a "space" (primitives_cases.hpp)
// for the CPU and GPU suites. The references follow numpy's definitions
// (np.maximum.accumulate propagates NaN, np.fmax.accumulate skips it and
// stays NaN over a prefix of NaNs only), written without ordo's functors.
#pragma once
#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/generators.hpp"
#include "common/primitives_cases.hpp"
#include "cpu/error_expect.hpp"
#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"
#include "ordo/primitives.hpp"
#include "ordo/types.hpp"

namespace ordo_test {

enum class nan_op { min, max, fmin, fmax };
inline const char* nan_op_name(nan_op o) {
  return o == nan_op::min ? "min" : o == nan_op::max ? "max" : o == nan_op::fmin ? "fmin" : "fmax";
}
template <class F>
void with_nan_op(nan_op o, F&& f) {
  if (o == nan_op::min) f(ordo::minimum{});
  else if (o == nan_op::max) f(ordo::maximum{});
  else if (o == nan_op::fmin) f(ordo::fmin{});
  else f(ordo::fmax{});
}

// The fold of a sequence under numpy's rule: `propagate` (np.maximum): NaN
// once any operand is NaN; otherwise (np.fmax) the extreme of the numbers,
// NaN when there are none.
template <class T>
struct nan_fold {
  bool is_max, propagate;
  bool any_nan = false, have = false;
  T best{};
  void add(T x) {
    if (std::isnan(x)) {
      any_nan = true;
      return;
    }
    if (!have || (is_max ? best < x : x < best)) best = x;
    have = true;
  }
  T value() const {
    if ((propagate && any_nan) || !have) return std::numeric_limits<T>::quiet_NaN();
    return best;
  }
};

// Scan with init folded in first (init NaN: the fmin/fmax identity, skipped).
template <class T>
std::vector<T> ref_nan_scan(const std::vector<T>& in, const std::vector<std::uint8_t>& heads, bool exclusive,
                            nan_op o, T init) {
  const bool is_max = o == nan_op::max || o == nan_op::fmax, prop = o == nan_op::min || o == nan_op::max;
  std::vector<T> out(in.size());
  nan_fold<T> f{is_max, prop};
  for (std::size_t i = 0; i < in.size(); ++i) {
    if (i == 0 || (!heads.empty() && heads[i])) {
      f = nan_fold<T>{is_max, prop};
      f.add(init);
    }
    if (exclusive) out[i] = f.value();
    f.add(in[i]);
    if (!exclusive) out[i] = f.value();
  }
  return out;
}

// Equal as numbers, NaN equal to NaN (-0.0 == +0.0: numpy leaves the sign of
// a max of zeros to the platform).
template <class T>
::testing::AssertionResult same_values(const std::vector<T>& got, const std::vector<T>& want, const std::string& what) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << what << ": size " << got.size() << " != " << want.size();
  for (std::size_t i = 0; i < got.size(); ++i) {
    const bool ok = std::isnan(want[i]) ? std::isnan(got[i]) : got[i] == want[i];
    if (!ok)
      return ::testing::AssertionFailure() << what << ": first difference at " << i << " of " << got.size()
                                           << ": got " << got[i] << ", want " << want[i];
  }
  return ::testing::AssertionSuccess();
}

// Named inputs: NaN at the start, middle, end, all NaN, none; ±0, ±inf; and
// random mixes of all of them.
template <class T>
std::vector<std::pair<std::string, std::vector<T>>> nan_inputs(std::size_t n, std::uint64_t seed) {
  const T nan = std::numeric_limits<T>::quiet_NaN(), inf = std::numeric_limits<T>::infinity();
  std::vector<std::pair<std::string, std::vector<T>>> v;
  auto base = random_keys<T>(n, 50, seed);
  for (auto& x : base)
    if (std::isnan(x)) x = T(1);
  v.push_back({"no_nan", base});
  if (n == 0) return v;
  auto at = [&](std::string name, std::vector<std::size_t> where) {
    auto x = base;
    for (std::size_t i : where)
      if (i < n) x[i] = nan;
    v.push_back({std::move(name), std::move(x)});
  };
  at("nan_first", {0});
  at("nan_middle", {n / 2});
  at("nan_last", {n - 1});
  at("nan_first_and_middle", {0, n / 3, n / 3 + 1});
  v.push_back({"all_nan", std::vector<T>(n, nan)});
  {
    std::vector<T> x(n);
    for (std::size_t i = 0; i < n; ++i) x[i] = i < n / 2 ? nan : base[i];  // a long prefix of NaNs
    v.push_back({"nan_prefix", x});
  }
  rng r(seed + 1);
  const T pool[] = {nan, inf, -inf, T(-0.0), T(0.0), T(1), T(-1), std::numeric_limits<T>::lowest(),
                    std::numeric_limits<T>::max()};
  for (double p : {0.001, 0.3}) {
    auto x = base;
    for (auto& e : x)
      if (r.uniform() < p) e = pool[r.below(9)];
    v.push_back({"specials_p" + std::to_string(p), x});
  }
  {
    std::vector<T> x(n);
    for (auto& e : x) e = r.below(2) ? T(-0.0) : T(0.0);
    v.push_back({"signed_zeros", x});
  }
  return v;
}

template <class Space, class T>
void check_nan_scan_reduce(Space& sp, std::size_t n, std::uint64_t seed) {
  // (references, not structured bindings: the lambdas capture them, which
  // clang 14 rejects for bindings)
  for (auto& input : nan_inputs<T>(n, seed)) {
    const std::string& name = input.first;
    auto& in = input.second;
    for (nan_op o : {nan_op::min, nan_op::max, nan_op::fmin, nan_op::fmax})
      with_nan_op(o, [&](auto op) {
        using Op = decltype(op);
        for (bool exclusive : {false, true})
          for (int seg = 0; seg < 3; ++seg) {
            std::vector<std::uint8_t> heads;
            if (seg == 1) heads = random_flags(n, 0.01, seed + 5);
            if (seg == 2) heads = random_flags(n, 0.5, seed + 6);
            const T init = Op::template identity<T>();
            const auto want = ref_nan_scan(in, heads, exclusive, o, init);
            auto d_in = sp.buf(in);
            auto d_heads = sp.buf(heads);
            auto d_out = sp.buf(std::vector<T>(n, prim_poison<T>()));
            const ordo::scan_options so{exclusive ? ordo::scan_kind::exclusive : ordo::scan_kind::inclusive,
                                        sp.cspan(d_heads)};
            ordo::scan(sp.exec, sp.cspan(d_in), sp.span(d_out), op, so);
            const std::string what = std::string("scan ") + ordo::type_name<T>() + " " + nan_op_name(o) + " " + name +
                                     " n=" + std::to_string(n) + (exclusive ? " exclusive" : " inclusive") +
                                     " seg=" + std::to_string(seg);
            ASSERT_TRUE(same_values(sp.get(d_out), want, what));
          }
        // Reduce: the last element of the inclusive scan, and with an init.
        const auto all = ref_nan_scan(in, {}, false, o, Op::template identity<T>());
        const T want = n ? all.back() : Op::template identity<T>();
        const std::string what = std::string("reduce ") + ordo::type_name<T>() + " " + nan_op_name(o) + " " + name +
                                 " n=" + std::to_string(n);
        auto d_in = sp.buf(in);
        ASSERT_TRUE(same_values(std::vector<T>{ordo::reduce_and_wait(sp.exec, sp.cspan(d_in), op)}, {want}, what));
        auto d_r = sp.buf(std::vector<T>(1, prim_poison<T>()));
        ordo::reduce(sp.exec, sp.cspan(d_in), sp.span(d_r), op, T(7));
        std::vector<T> with7 = in;
        with7.insert(with7.begin(), T(7));
        ASSERT_TRUE(same_values(sp.get(d_r), {ref_nan_scan(with7, {}, false, o, Op::template identity<T>()).back()},
                                what + " init=7"));
      });
  }
}

// The examples, exactly (numpy's results written out).
template <class Space>
void check_nan_examples(Space& sp) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  auto run = [&](auto op, std::vector<double> in) {
    auto d_in = sp.buf(in);
    auto d_out = sp.buf(std::vector<double>(in.size()));
    ordo::scan(sp.exec, sp.cspan(d_in), sp.span(d_out), op);
    return sp.get(d_out);
  };
  EXPECT_TRUE(same_values(run(ordo::maximum{}, {nan, 1, 3, nan, 2}), {nan, nan, nan, nan, nan}, "max [nan,1,3,nan,2]"));
  EXPECT_TRUE(same_values(run(ordo::maximum{}, {1, nan, 3, 2, 5}), {1, nan, nan, nan, nan}, "max [1,nan,3,2,5]"));
  EXPECT_TRUE(same_values(run(ordo::fmax{}, {nan, 1, 3, nan, 2}), {nan, 1, 3, 3, 3}, "fmax [nan,1,3,nan,2]"));
  EXPECT_TRUE(same_values(run(ordo::fmin{}, {nan, nan, 4, nan, 2}), {nan, nan, 4, 4, 2}, "fmin [nan,nan,4,nan,2]"));
  EXPECT_TRUE(same_values(run(ordo::minimum{}, {3, -INFINITY, nan}), {3, -INFINITY, nan}, "min [3,-inf,nan]"));
  std::vector<double> x = {nan, 1, 2};
  auto d_x = sp.buf(x);
  EXPECT_TRUE(std::isnan(ordo::reduce_and_wait(sp.exec, sp.cspan(d_x), ordo::maximum{})));
  EXPECT_EQ(ordo::reduce_and_wait(sp.exec, sp.cspan(d_x), ordo::fmax{}), 2.0);
  EXPECT_EQ(ordo::reduce_and_wait(sp.exec, sp.cspan(d_x), ordo::fmin{}), 1.0);
}

// An inclusive sum keeps -0.0 as np.cumsum does ([-0.0, -0.0, 1.0] gives
// [-0.0, -0.0, 1.0]; an init of +0 added first would give +0.0), and so does
// a segmented one at each segment's head.
template <class Space>
void check_signed_zero_sums(Space& sp) {
  auto one = [&]<class T>(T) {
    const T z = T(-0.0);
    auto in = sp.buf(std::vector<T>{z, z, T(1), z, z, T(2)});
    auto out = sp.buf(std::vector<T>(6, T(7)));
    ordo::scan(sp.exec, sp.cspan(in), sp.span(out), ordo::plus{});
    const std::vector<T> plain = sp.get(out);
    EXPECT_TRUE(std::signbit(plain[0]) && std::signbit(plain[1])) << "inclusive sum of -0.0, " << sizeof(T) * 8 << "-bit";
    EXPECT_EQ(plain[2], T(1));
    EXPECT_EQ(plain[5], T(3));
    auto heads = sp.buf(std::vector<std::uint8_t>{1, 0, 0, 1, 0, 0});
    ordo::scan_options o;
    o.head_flags = sp.cspan(heads);
    ordo::scan(sp.exec, sp.cspan(in), sp.span(out), ordo::plus{}, o);
    const std::vector<T> seg = sp.get(out);
    for (int i : {0, 1, 3, 4}) EXPECT_TRUE(std::signbit(seg[i]) && seg[i] == T(0)) << "segmented sum, element " << i;
    EXPECT_EQ(seg[2], T(1));
    EXPECT_EQ(seg[5], T(2));
  };
  one(float{});
  one(double{});
}

// Scan and reduce of In into a wider Acc (numpy's dtype=): exact where In wraps.
template <class Space, class In, class Acc>
void check_promoted_sum(Space& sp, std::size_t n, std::uint64_t seed) {
  rng r(seed);
  std::vector<In> in(n);
  for (auto& x : in) x = r.below(4) ? std::numeric_limits<In>::max() - In(r.below(3)) : In(r.below(1000));
  if (std::is_signed_v<In>)
    for (std::size_t i = 0; i < n; i += 3) in[i] = std::numeric_limits<In>::min() + In(r.below(5));
  for (bool exclusive : {false, true})
    for (int seg = 0; seg < 2; ++seg) {
      std::vector<std::uint8_t> heads;
      if (seg == 1) heads = random_flags(n, 0.01, seed + 5);
      std::vector<Acc> wide(in.begin(), in.end());
      const auto want = ref_scan(wide, heads, exclusive, [](Acc a, Acc b) { return Acc(a + b); }, Acc(0));
      auto d_in = sp.buf(in);
      auto d_heads = sp.buf(heads);
      auto d_out = sp.buf(std::vector<Acc>(n, prim_poison<Acc>()));
      ordo::scan(sp.exec, sp.cspan(d_in), sp.span(d_out), ordo::plus{},
                 {exclusive ? ordo::scan_kind::exclusive : ordo::scan_kind::inclusive, sp.cspan(d_heads)});
      ASSERT_TRUE(same_bits(sp.get(d_out), want,
                            std::string("promoted scan ") + ordo::type_name<In>() + "->" + ordo::type_name<Acc>() +
                                " n=" + std::to_string(n) + (exclusive ? " exclusive" : "") + " seg=" + std::to_string(seg)));
    }
  Acc total = 0;
  for (In x : in) total += Acc(x);
  auto d_in = sp.buf(in);
  auto d_r = sp.buf(std::vector<Acc>(1, prim_poison<Acc>()));
  ordo::reduce(sp.exec, sp.cspan(d_in), sp.span(d_r), ordo::plus{});
  ASSERT_EQ(sp.get(d_r)[0], total) << "promoted reduce n=" << n;
  ASSERT_EQ(ordo::reduce_and_wait<Acc>(sp.exec, sp.cspan(d_in)), total) << "promoted reduce_and_wait n=" << n;
}

// The example: int32 [2^31 - 1, 1] sums to 2^31 in int64; in int32 it
// wraps (defined, as numpy's cumsum(dtype=int32) does).
template <class Space>
void check_overflow_example(Space& sp) {
  const std::vector<std::int32_t> in = {2147483647, 1};
  auto d_in = sp.buf(in);
  auto d_wide = sp.buf(std::vector<std::int64_t>(2));
  ordo::scan(sp.exec, sp.cspan(d_in), sp.span(d_wide));
  EXPECT_EQ(sp.get(d_wide), (std::vector<std::int64_t>{2147483647, 2147483648LL}));
  EXPECT_EQ(ordo::reduce_and_wait<std::int64_t>(sp.exec, sp.cspan(d_in)), 2147483648LL);
  auto d_same = sp.buf(std::vector<std::int32_t>(2));
  ordo::scan(sp.exec, sp.cspan(d_in), sp.span(d_same));
  EXPECT_EQ(sp.get(d_same), (std::vector<std::int32_t>{2147483647, std::numeric_limits<std::int32_t>::min()}));
  const std::vector<std::uint32_t> u = {4294967295u, 4294967295u, 2u};
  auto d_u = sp.buf(u);
  EXPECT_EQ(ordo::reduce_and_wait<std::uint64_t>(sp.exec, sp.cspan(d_u)), 8589934592ULL);
}

// fork's total past 2^64: the issue's [2^63, 2^63, 5] (wraps to 5) and others.
template <class Space>
void check_fork_total(Space& sp) {
  const std::uint64_t big = std::uint64_t(1) << 63, max = ~std::uint64_t(0);
  for (auto counts : std::vector<std::vector<std::uint64_t>>{{big, big, 5}, {max, 1}, {5, max, max}, {1, big, big - 1, 2}}) {
    auto d_counts = sp.buf(counts);
    std::string msg;
    EXPECT_TRUE(throws_ordo_error([&] { (void)ordo::fork_total_and_wait(sp.exec, sp.cspan(d_counts)); },
                                  ordo::errc::invalid_argument, &msg));
    EXPECT_NE(msg.find("overflow"), std::string::npos) << msg;
    for (auto v : {ordo::fork_variant::load_balanced, ordo::fork_variant::doubling}) {
      auto d_p = sp.buf(std::vector<std::uint64_t>(5)), d_s = sp.buf(std::vector<std::uint64_t>(5));
      EXPECT_TRUE(throws_ordo_error(
          [&] { ordo::fork(sp.exec, sp.cspan(d_counts), sp.span(d_p), sp.span(d_s), {.variant = v, .validate = true}); },
          ordo::errc::invalid_argument, &msg));
      EXPECT_NE(msg.find("overflow"), std::string::npos) << msg;
    }
  }
  // Totals that fit: exact, in 64 bits even for 32-bit counts.
  const std::vector<std::uint64_t> fits = {big, big - 1};
  auto d_fits = sp.buf(fits);
  EXPECT_EQ(ordo::fork_total_and_wait(sp.exec, sp.cspan(d_fits)), max);
  const std::vector<std::uint32_t> c32 = {4294967295u, 4294967295u, 7u};
  auto d_c32 = sp.buf(c32);
  EXPECT_EQ(ordo::fork_total_and_wait(sp.exec, sp.cspan(d_c32)), 8589934597ULL);
  auto d_empty = sp.buf(std::vector<std::uint32_t>());
  EXPECT_EQ(ordo::fork_total_and_wait(sp.exec, sp.cspan(d_empty)), 0u);
}

// list_scan runs on the same operators (plus, minimum and maximum; not
// fmin/fmax): NaN propagates along a random list of n nodes as
// np.maximum.accumulate would along the list's order.
template <class Space>
void check_nan_list_scan(Space& sp, std::size_t n, std::initializer_list<ordo::list_variant> variants) {
  const auto succ = ordo::gen::random_list<std::uint32_t>(n, 5);
  std::vector<std::uint32_t> order;  // the list from its head
  std::vector<char> pointed(n, 0);
  for (auto s : succ)
    if (s != ordo::list_end<std::uint32_t>) pointed[s] = 1;
  for (std::uint32_t x = 0; x < n; ++x)
    if (!pointed[x])
      for (std::uint32_t y = x; y != ordo::list_end<std::uint32_t>; y = succ[y]) order.push_back(y);
  ASSERT_EQ(order.size(), n);
  auto d_succ = sp.buf(succ);
  for (const auto& input : nan_inputs<double>(n, 3))
    for (const std::string& name = input.first; nan_op o : {nan_op::min, nan_op::max}) {
      const std::vector<double>& vals = input.second;
      auto one = [&](auto op) {
        std::vector<double> along(n);
        for (std::size_t i = 0; i < n; ++i) along[i] = vals[order[i]];
        const auto ref = ref_nan_scan(along, {}, false, o, decltype(op)::template identity<double>());
        std::vector<double> want(n);
        for (std::size_t i = 0; i < n; ++i) want[order[i]] = ref[i];
        auto d_vals = sp.buf(vals);
        for (auto v : variants) {
          auto d_out = sp.buf(std::vector<double>(n));
          ordo::list_scan(sp.exec, sp.cspan(d_succ), sp.cspan(d_vals), sp.span(d_out), op, {.variant = v});
          ASSERT_TRUE(same_values(sp.get(d_out), want,
                                  std::string("list_scan ") + nan_op_name(o) + " " + name + " " + ordo::to_string(v)));
        }
      };
      if (o == nan_op::min) one(ordo::minimum{});
      else one(ordo::maximum{});
    }
}

}  // namespace ordo_test
