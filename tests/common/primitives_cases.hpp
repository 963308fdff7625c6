// The primitives' checks, written once over a "space" (where the data lives
// and which exec runs), so the CPU and GPU suites run the same cases against
// the references of primitives_reference.hpp, element by element (bitwise for
// moved values, so NaN and -0.0 are checked too).
#pragma once
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/generators.hpp"
#include "common/primitives_reference.hpp"
#include "ordo/primitives.hpp"
#include "ordo/types.hpp"

namespace ordo_test {

inline const std::vector<std::size_t>& prim_sizes() {
  static const std::vector<std::size_t> s = {0,    1,    2,    31,   32,   33,   255,  256,   257,   2047,  2048,   2049,
                                             3071, 3072, 3073, 4095, 4096, 4097, 8193, 20000, 65537, 262147, 1000003};
  return s;
}

// A poison no output element should keep.
template <class T>
T prim_poison() {
  T t;
  std::memset(&t, 0xA5, sizeof t);
  return t;
}

template <class T>
::testing::AssertionResult same_bits(const std::vector<T>& got, const std::vector<T>& want, const std::string& what) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << what << ": size " << got.size() << " != " << want.size();
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0)
      return ::testing::AssertionFailure() << what << ": first difference at " << i << " of " << got.size()
                                           << ": got " << +got[i] << ", want " << +want[i];
  return ::testing::AssertionSuccess();
}

// Small values, so sums stay exact in every type (float sums of integers below 2^24).
template <class T>
std::vector<T> small_values(std::size_t n, std::uint64_t seed) {
  rng r(seed);
  std::vector<T> v(n);
  for (auto& x : v) x = T(r.below(16));
  return v;
}
inline std::vector<std::uint8_t> random_flags(std::size_t n, double p, std::uint64_t seed) {
  rng r(seed);
  std::vector<std::uint8_t> f(n);
  for (auto& x : f) x = r.uniform() < p ? std::uint8_t(1 + r.below(255)) : 0;  // any nonzero counts as set
  return f;
}

// Keys for sort_idx and merge: random with many or few distinct values, and
// the adversarial shapes.
template <class K>
std::vector<std::pair<std::string, std::vector<K>>> sort_inputs(std::size_t n, std::uint64_t seed) {
  std::vector<std::pair<std::string, std::vector<K>>> v;
  v.push_back({"random", random_keys<K>(n, n + 1, seed)});
  v.push_back({"few_distinct", random_keys<K>(n, 5, seed + 1)});
  v.push_back({"all_equal", all_equal<K>(n)});
  auto s = random_keys<K>(n, n + 1, seed + 2);
  v.push_back({"sorted", sort_ascending(s)});
  std::reverse(s.begin(), s.end());
  v.push_back({"reversed", sort_ascending(s)});
  std::reverse(v.back().second.begin(), v.back().second.end());
  if constexpr (std::is_floating_point_v<K>) {
    v.push_back({"nans_zeros", with_nans<K>(n, n / 7 + 1, 9, seed + 3)});
    v.push_back({"specials", with_specials<K>(n, 0.3, 50, seed + 4)});
    v.push_back({"signed_zeros", signed_zeros<K>(n, seed + 5)});
  } else {
    v.push_back({"extremes", with_specials<K>(n, 0.3, 50, seed + 4)});
  }
  return v;
}

// --- the checks -----------------------------------------------------------
// Space: exec, buf<T>(host) -> device-or-host buffer, span(buf), get(buf) -> host vector.

template <class Space, class T, class Op>
void check_scan(Space& sp, Op op, std::size_t n, std::uint64_t seed) {
  const auto in = small_values<T>(n, seed);
  for (bool exclusive : {false, true})
    for (int seg = 0; seg < 4; ++seg) {
      // seg 3: a head every 50000 or so, so that whole tiles of the GPU's
      // segmented scan (up to 4096 elements) have none and a segment's carry
      // crosses several tiles' look-back (at 1%, every tile has heads).
      if (seg == 3 && n < 65537) continue;
      std::vector<std::uint8_t> heads;
      if (seg == 1) heads = random_flags(n, 0.01, seed + 5);
      if (seg == 2) heads = random_flags(n, 0.5, seed + 6);
      if (seg == 3) heads = random_flags(n, 2e-5, seed + 7);
      const T init = seg == 1 ? T(3) : Op::template identity<T>();
      const auto want = ref_scan(in, heads, exclusive, op, init);
      auto d_in = sp.buf(in);
      auto d_heads = sp.buf(heads);
      auto d_out = sp.buf(std::vector<T>(n, prim_poison<T>()));
      ordo::scan_options o{exclusive ? ordo::scan_kind::exclusive : ordo::scan_kind::inclusive,
                           sp.cspan(d_heads)};
      ordo::scan(sp.exec, sp.cspan(d_in), sp.span(d_out), op, init, o);
      const std::string what = std::string("scan ") + ordo::type_name<T>() + " " + ordo::op_name(op) + " n=" +
                                std::to_string(n) + (exclusive ? " exclusive" : " inclusive") + " seg=" + std::to_string(seg);
      ASSERT_TRUE(same_bits(sp.get(d_out), want, what));
      // In place gives the same.
      ordo::scan(sp.exec, sp.cspan(d_in), sp.span(d_in), op, init, o);
      ASSERT_TRUE(same_bits(sp.get(d_in), want, what + " in place"));
    }
}

template <class Space, class T, class Op>
void check_reduce(Space& sp, Op op, std::size_t n, std::uint64_t seed) {
  const auto in = small_values<T>(n, seed);
  const T init = T(2);
  T want = init;
  for (const T& x : in) want = op(want, x);
  auto d_in = sp.buf(in);
  auto d_r = sp.buf(std::vector<T>(1, prim_poison<T>()));
  ordo::reduce(sp.exec, sp.cspan(d_in), sp.span(d_r), op, init);
  ASSERT_TRUE(same_bits(sp.get(d_r), std::vector<T>{want}, "reduce n=" + std::to_string(n)));
  ASSERT_EQ(ordo::reduce_and_wait(sp.exec, sp.cspan(d_in), op, init), want);
}

template <class Space, class T>
void check_compact_split(Space& sp, std::size_t n, std::uint64_t seed) {
  const auto in = random_keys<T>(n, n + 1, seed);
  for (double p : {0.0, 0.03, 0.5, 1.0}) {
    const auto flags = random_flags(n, p, seed + 11);
    const std::string tag = std::string(ordo::type_name<T>()) + " n=" + std::to_string(n) + " p=" + std::to_string(p);
    auto d_in = sp.buf(in);
    auto d_flags = sp.buf(flags);
    auto d_out = sp.buf(std::vector<T>(n, prim_poison<T>()));
    auto d_count = sp.buf(std::vector<std::uint64_t>(1, 777));
    ordo::compact(sp.exec, sp.cspan(d_in), sp.cspan(d_flags), sp.span(d_out), sp.span(d_count));
    const auto want = ref_compact(in, flags);
    ASSERT_EQ(sp.get(d_count)[0], want.size()) << "compact count " << tag;
    auto got = sp.get(d_out);
    got.resize(want.size());
    ASSERT_TRUE(same_bits(got, want, "compact " + tag));

    std::vector<std::uint8_t> binary(n);
    for (std::size_t i = 0; i < n; ++i) binary[i] = flags[i] != 0;
    std::vector<std::uint64_t> offs;
    const auto want_split = ref_split(in, binary, 2, offs);
    auto d_split = sp.buf(std::vector<T>(n, prim_poison<T>()));
    auto d_zeros = sp.buf(std::vector<std::uint64_t>(1, 777));
    ordo::split(sp.exec, sp.cspan(d_in), sp.cspan(d_flags), sp.span(d_split), sp.span(d_zeros));
    ASSERT_EQ(sp.get(d_zeros)[0], offs[1]) << "split zeros " << tag;
    ASSERT_TRUE(same_bits(sp.get(d_split), want_split, "split " + tag));
  }
  for (unsigned k : {1u, 3u, 32u, 200u, 256u}) {
    rng r(seed + k);
    std::vector<std::uint8_t> bucket(n);
    for (auto& b : bucket) b = std::uint8_t(r.below(k));
    std::vector<std::uint64_t> want_off;
    const auto want = ref_split(in, bucket, k, want_off);
    auto d_in = sp.buf(in);
    auto d_b = sp.buf(bucket);
    auto d_out = sp.buf(std::vector<T>(n, prim_poison<T>()));
    auto d_off = sp.buf(std::vector<std::uint64_t>(k + 1, 777));
    ordo::split(sp.exec, sp.cspan(d_in), sp.cspan(d_b), k, sp.span(d_out), sp.span(d_off));
    const std::string tag = "multisplit k=" + std::to_string(k) + " n=" + std::to_string(n);
    ASSERT_EQ(sp.get(d_off), want_off) << tag;
    ASSERT_TRUE(same_bits(sp.get(d_out), want, tag));
  }
}

// split over the shapes its GPU kernel distinguishes: flags of any byte
// value, bucket counts on each side of the digit widths (k < 32: 5 bits,
// else 8), buckets all equal or ascending, and spans that start off any
// alignment (the histogram reads 16 aligned bytes at a time). With
// `invalid`, about 5% of buckets are >= k: unvalidated, those elements are
// left out and the offsets count the rest (the GPU's contract).
template <class Space, class T>
void check_split_shapes(Space& sp, std::size_t n, std::uint64_t seed, bool invalid) {
  for (std::size_t skip : {std::size_t(0), std::size_t(3)}) {
    if (skip > n) continue;
    const std::size_t m = n - skip;
    const auto in = random_keys<T>(n, n + 1, seed);
    const std::vector<T> in_m(in.begin() + std::ptrdiff_t(skip), in.end());
    auto d_in = sp.buf(in);
    rng r(seed + skip);
    std::vector<std::uint8_t> flags(n);
    for (auto& f : flags) f = r.uniform() < 0.5 ? 0 : std::uint8_t(1 + r.below(255));
    {
      std::vector<std::uint8_t> binary(m);
      for (std::size_t i = 0; i < m; ++i) binary[i] = flags[skip + i] != 0;
      std::vector<std::uint64_t> offs;
      const auto want = ref_split(in_m, binary, 2, offs);
      auto d_flags = sp.buf(flags);
      auto d_out = sp.buf(std::vector<T>(m, prim_poison<T>()));
      auto d_zeros = sp.buf(std::vector<std::uint64_t>(1, 777));
      ordo::split(sp.exec, sp.cspan(d_in).subspan(skip), sp.cspan(d_flags).subspan(skip), sp.span(d_out),
                  sp.span(d_zeros));
      const std::string tag = "split flags n=" + std::to_string(n) + " skip=" + std::to_string(skip);
      ASSERT_EQ(sp.get(d_zeros)[0], offs[1]) << tag;
      ASSERT_TRUE(same_bits(sp.get(d_out), want, tag));
    }
    for (unsigned k : {2u, 16u, 31u, 33u, 128u, 255u})
      for (int shape = 0; shape < 3; ++shape) {  // random, all in the last bucket, ascending
        std::vector<std::uint8_t> bucket(n);
        for (std::size_t i = 0; i < n; ++i) {
          bucket[i] = shape == 0 ? std::uint8_t(r.below(k)) : shape == 1 ? std::uint8_t(k - 1)
                                                                         : std::uint8_t((i * k) / std::max<std::size_t>(n, 1));
          if (invalid && r.uniform() < 0.05) bucket[i] = std::uint8_t(k + r.below(256 - k));
        }
        const std::vector<std::uint8_t> bucket_m(bucket.begin() + std::ptrdiff_t(skip), bucket.end());
        std::vector<std::uint64_t> want_off;
        const auto want = ref_split(in_m, bucket_m, k, want_off);
        auto d_b = sp.buf(bucket);
        auto d_out = sp.buf(std::vector<T>(m, prim_poison<T>()));
        auto d_off = sp.buf(std::vector<std::uint64_t>(k + 1, 777));
        ordo::split(sp.exec, sp.cspan(d_in).subspan(skip), sp.cspan(d_b).subspan(skip), k, sp.span(d_out),
                    sp.span(d_off));
        const std::string tag = "multisplit k=" + std::to_string(k) + " shape=" + std::to_string(shape) +
                                " n=" + std::to_string(n) + " skip=" + std::to_string(skip);
        ASSERT_EQ(sp.get(d_off), want_off) << tag;
        auto got = sp.get(d_out);
        got.resize(want.size());
        ASSERT_TRUE(same_bits(got, want, tag));
      }
  }
}

// Count distributions for fork: zeros, ones, skewed (power law), one huge parent.
template <class Count>
std::vector<std::pair<std::string, std::vector<Count>>> fork_inputs(std::size_t np, std::uint64_t seed) {
  std::vector<std::pair<std::string, std::vector<Count>>> v;
  rng r(seed);
  std::vector<Count> c(np);
  for (auto& x : c) x = Count(r.below(5));
  v.push_back({"uniform0to4", c});
  for (auto& x : c) x = r.uniform() < 0.9 ? 0 : Count(1 + r.below(40));
  v.push_back({"sparse", c});
  for (auto& x : c) x = Count(std::min(5000.0, 1.0 / std::max(1e-6, r.uniform() * r.uniform())) - 1);
  v.push_back({"skewed", c});
  std::vector<Count> one(np, 0);
  if (np) one[np / 2] = Count(70001);
  v.push_back({"one_parent", one});
  v.push_back({"all_zero", std::vector<Count>(np, 0)});
  return v;
}

template <class Space, class Count, class Index>
void check_fork(Space& sp, ordo::fork_variant variant, std::size_t np, std::uint64_t seed) {
  for (auto& [name, counts] : fork_inputs<Count>(np, seed)) {
    std::vector<Index> want_p, want_s;
    ref_fork(counts, want_p, want_s);
    const std::size_t nc = want_p.size();
    auto d_counts = sp.buf(counts);
    auto d_p = sp.buf(std::vector<Index>(nc, prim_poison<Index>()));
    auto d_s = sp.buf(std::vector<Index>(nc, prim_poison<Index>()));
    const std::string tag = std::string("fork ") + ordo::to_string(variant) + " " + name + " parents=" +
                            std::to_string(np) + " children=" + std::to_string(nc);
    ordo::fork(sp.exec, sp.cspan(d_counts), sp.span(d_p), sp.span(d_s), {.variant = variant, .validate = true});
    ASSERT_TRUE(same_bits(sp.get(d_p), want_p, tag + " parent"));
    ASSERT_TRUE(same_bits(sp.get(d_s), want_s, tag + " sibling"));
    auto d_p2 = sp.buf(std::vector<Index>(nc, prim_poison<Index>()));
    ordo::fork(sp.exec, sp.cspan(d_counts), sp.span(d_p2), std::span<Index>(), {.variant = variant});
    ASSERT_TRUE(same_bits(sp.get(d_p2), want_p, tag + " parent only"));
  }
}

// sort(keys, perm, sorted_keys) runs the sort under test; sorted_keys may be empty.
template <class Space, class Key, class Index, class Compare, class Sort>
void check_sort_idx_by(Space& sp, const std::string& what, Sort sort, Compare comp, std::size_t n,
                       std::uint64_t seed) {
  for (auto& [name, keys] : sort_inputs<Key>(n, seed)) {
    const auto want = ref_sort_idx<Key, Index>(keys, comp);
    std::vector<Key> want_keys(n);
    for (std::size_t i = 0; i < n; ++i) want_keys[i] = keys[want[i]];
    auto d_keys = sp.buf(keys);
    auto d_perm = sp.buf(std::vector<Index>(n, prim_poison<Index>()));
    auto d_sorted = sp.buf(std::vector<Key>(n, prim_poison<Key>()));
    const std::string tag =
        "sort_idx " + what + " " + ordo::type_name<Key>() + " " + name + " n=" + std::to_string(n);
    sort(sp.cspan(d_keys), sp.span(d_perm), sp.span(d_sorted));
    ASSERT_TRUE(same_bits(sp.get(d_perm), want, tag + " perm"));
    ASSERT_TRUE(same_bits(sp.get(d_sorted), want_keys, tag + " keys"));
    ASSERT_TRUE(same_bits(sp.get(d_keys), keys, tag + " input untouched"));
    auto d_perm2 = sp.buf(std::vector<Index>(n, prim_poison<Index>()));
    sort(sp.cspan(d_keys), sp.span(d_perm2), std::span<Key>());
    ASSERT_TRUE(same_bits(sp.get(d_perm2), want, tag + " perm only"));
  }
}

template <class Space, class Key, class Index, class Compare>
void check_sort_idx(Space& sp, ordo::sort_idx_variant variant, Compare comp, std::size_t n, std::uint64_t seed) {
  check_sort_idx_by<Space, Key, Index>(
      sp, ordo::to_string(variant),
      [&](std::span<const Key> keys, std::span<Index> perm, std::span<Key> sorted) {
        ordo::sort_idx(sp.exec, keys, perm, sorted, comp, {.variant = variant});
      },
      comp, n, seed);
}

template <class Space, class Key, class Compare>
void check_merge(Space& sp, Compare comp, std::size_t na, std::size_t nb, std::uint64_t seed) {
  // Few distinct values: many ties across a and b, which stability must order.
  for (std::uint64_t distinct : {std::uint64_t(4), std::uint64_t(na + nb + 1)}) {
    auto a = random_keys<Key>(na, distinct, seed), b = random_keys<Key>(nb, distinct, seed + 1);
    std::stable_sort(a.begin(), a.end(), comp);
    std::stable_sort(b.begin(), b.end(), comp);
    // Values record the origin: a's index, or b's index + na.
    std::vector<std::uint64_t> av(na), bv(nb);
    std::iota(av.begin(), av.end(), 0);
    std::iota(bv.begin(), bv.end(), na);
    std::vector<Key> want(na + nb);
    std::vector<std::uint64_t> want_v(na + nb);
    {
      std::size_t i = 0, j = 0;
      for (std::size_t k = 0; k < na + nb; ++k) {
        const bool take_b = i == na || (j < nb && comp(b[j], a[i]));
        want[k] = take_b ? b[j] : a[i];
        want_v[k] = take_b ? bv[j++] : av[i++];
      }
    }
    const std::string tag = std::string("merge ") + ordo::type_name<Key>() + " na=" + std::to_string(na) +
                            " nb=" + std::to_string(nb) + " distinct=" + std::to_string(distinct);
    auto d_a = sp.buf(a), d_b = sp.buf(b);
    auto d_av = sp.buf(av), d_bv = sp.buf(bv);
    auto d_out = sp.buf(std::vector<Key>(na + nb, prim_poison<Key>()));
    ordo::merge(sp.exec, sp.cspan(d_a), sp.cspan(d_b), sp.span(d_out), comp);
    ASSERT_TRUE(same_bits(sp.get(d_out), want, tag + " keys only"));
    auto d_out2 = sp.buf(std::vector<Key>(na + nb, prim_poison<Key>()));
    auto d_outv = sp.buf(std::vector<std::uint64_t>(na + nb, 0));
    ordo::merge(sp.exec, sp.cspan(d_a), sp.cspan(d_av), sp.cspan(d_b), sp.cspan(d_bv), sp.span(d_out2),
                sp.span(d_outv), comp);
    ASSERT_TRUE(same_bits(sp.get(d_out2), want, tag + " key-value keys"));
    ASSERT_TRUE(same_bits(sp.get(d_outv), want_v, tag + " key-value values"));
  }
}

}  // namespace ordo_test
