// The segmented sort's checks, written once over a "space" (host_space.hpp or
// gpu/device_space.hpp) so the CPU and GPU suites run the same cases. The
// reference sorts each segment with std::stable_sort; stable results are
// compared bit for bit, unstable keys-only results by order plus the multiset
// of bit patterns per segment. Output elements no segment covers must keep
// the poison they started with.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/float_ties.hpp"
#include "cpu/error_expect.hpp"
#include "common/generators.hpp"
#include "common/primitives_cases.hpp"  // same_bits, prim_poison, sort_inputs
#include "ordo/segmented_sort.hpp"
#include "ordo/types.hpp"

namespace ordo_test {

// Segments as begin/end pairs plus the form they are handed to ordo in.
struct seg_shape {
  std::string name;
  std::size_t n = 0;
  std::vector<std::uint64_t> begin, end;  // what the reference sorts
  int form = 0;                           // 0 offsets, 1 bounds, 2 fixed
  std::vector<std::uint64_t> offsets;     // form 0
  std::uint64_t length = 0, first = 0;    // form 2
};

inline seg_shape offsets_shape(std::string name, const std::vector<std::uint64_t>& lens, std::uint64_t lead = 0) {
  seg_shape s;
  s.name = std::move(name);
  s.offsets.push_back(lead);
  for (auto l : lens) s.offsets.push_back(s.offsets.back() + l);
  s.n = s.offsets.back() + lead / 2;  // a tail nobody covers when lead > 0
  for (std::size_t i = 0; i + 1 < s.offsets.size(); ++i) s.begin.push_back(s.offsets[i]), s.end.push_back(s.offsets[i + 1]);
  return s;
}

// Every bin: lengths 0..2100 around each power of two, a few grid-bin ones.
inline std::vector<std::uint64_t> every_bin_lengths(bool long_ones, std::uint64_t seed) {
  std::vector<std::uint64_t> lens;
  for (std::uint64_t p = 1; p <= 4096; p *= 2)
    for (std::int64_t d : {-1, 0, 1})
      if (std::int64_t(p) + d >= 0) lens.push_back(std::uint64_t(std::int64_t(p) + d));
  rng r(seed);
  for (int i = 0; i < 120; ++i) lens.push_back(r.below(2100));
  if (long_ones) {
    for (std::uint64_t l : {4097ull, 6000ull, 16384ull, 40000ull, 70001ull}) lens.push_back(l);
  }
  for (std::size_t i = lens.size(); i > 1; --i) std::swap(lens[i - 1], lens[r.below(i)]);
  return lens;
}

inline std::vector<seg_shape> segsort_shapes(bool long_ones, std::uint64_t seed) {
  std::vector<seg_shape> v;
  v.push_back(offsets_shape("every_bin", every_bin_lengths(long_ones, seed)));
  v.push_back(offsets_shape("units_and_empties", std::vector<std::uint64_t>(3000, 1), 5));
  {
    std::vector<std::uint64_t> lens(4000);
    rng r(seed + 1);
    for (auto& l : lens) l = r.below(3) == 0 ? 0 : 1 + r.below(40);  // many empties
    v.push_back(offsets_shape("short_with_empties", lens));
  }
  {  // power law, max 2000
    std::vector<std::uint64_t> lens(1500);
    rng r(seed + 2);
    for (auto& l : lens) l = std::uint64_t(std::min(2000.0, std::floor(std::pow(1.0 - r.uniform(), -1.0 / 0.5))));
    v.push_back(offsets_shape("power_law", lens));
  }
  {  // begin/end pairs in shuffled order, with gaps between them and empty ones
    seg_shape s;
    s.name = "bounds_with_gaps";
    s.form = 1;
    rng r(seed + 3);
    std::uint64_t at = 3;
    for (int i = 0; i < 700; ++i) {
      const std::uint64_t len = r.below(5) == 0 ? 0 : r.below(i % 50 == 0 ? 5000 : 300);
      s.begin.push_back(at);
      s.end.push_back(at + len);
      at += len + r.below(4);
    }
    s.n = at + 7;
    for (std::size_t i = s.begin.size(); i > 1; --i) {
      const auto j = r.below(i);
      std::swap(s.begin[i - 1], s.begin[j]);
      std::swap(s.end[i - 1], s.end[j]);
    }
    v.push_back(s);
  }
  for (auto [len, first] : {std::pair<std::uint64_t, std::uint64_t>{32, 0}, {8, 5}, {200, 77}, {2048, 1000}}) {
    seg_shape s;
    s.name = "fixed_" + std::to_string(len) + "_" + std::to_string(first);
    s.form = 2;
    s.length = len;
    s.first = first;
    s.n = 50000 + 13;
    if (first) s.begin.push_back(0), s.end.push_back(first);
    for (std::uint64_t b = first; b < s.n; b += len) s.begin.push_back(b), s.end.push_back(std::min<std::uint64_t>(b + len, s.n));
    v.push_back(s);
  }
  return v;
}

// Unsigned keys whose top `digit_bits` bits put limit - 1, limit or limit + 1
// of every `tile` aligned elements in bucket 0 (tied low bits among them) and
// spread the rest over the other buckets: a bucket sort's counting on both
// sides of its limit.
//   crowded_digit: tile_radix_sort's BUCKETS (8 bits, max_bucket = 32, tiles of 2048)
//   crowded_wide:  tile_bucket_sort in the grid bin (12 bits, max_bucket = 64, tiles of 8192)
//   crowded_wide_2048: tile_bucket_sort in the 2048 bin (10 bits, max_bucket = 64)
//   crowded_warp:  warp_bucket_sort in the 128 bin (7 bits, max_bucket = 16, segments of 128)
//   crowded_warp64: warp_bucket_sort in the 64 bin (6 bits, max_bucket = 16, segments of 64)
template <class K>
std::vector<K> crowded_bucket_keys(std::size_t n, std::uint64_t seed, std::size_t tile, int digit_bits,
                                   std::size_t limit) {
  static_assert(std::is_unsigned_v<K>);
  const int top = 8 * int(sizeof(K)) - digit_bits;
  const std::size_t others = (std::size_t(1) << digit_bits) - 1;
  rng r(seed);
  std::vector<K> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t j = i % tile, crowd = limit - 1 + (i / tile) % 3;
    v[i] = j < crowd ? K(r.below(16)) : K(K(1 + j % others) << top | K(r.below(std::uint64_t(1) << 20)));
  }
  return v;
}

// Random keys with every 20th one the same value: in a long segment's
// partition, the spike crowds one sub-bucket (to past the block's tile in
// segments over about 160000) and one of that sub-bucket's buckets.
template <class K>
std::vector<K> spiked_keys(std::size_t n, std::uint64_t seed) {
  auto v = random_keys<K>(n, n + 1, seed);
  for (std::size_t i = 0; i < n; i += 20) v[i] = K(12345);
  return v;
}

template <class K>
std::vector<K> segsort_keys(const std::string& kind, std::size_t n, std::uint64_t seed) {
  if (kind == "spiked") return spiked_keys<K>(n, seed);
  if constexpr (std::is_unsigned_v<K>) {
    if (kind == "crowded_digit") return crowded_bucket_keys<K>(n, seed, 2048, 8, 32);
    if (kind == "crowded_wide") return crowded_bucket_keys<K>(n, seed, 8192, 12, 64);
    if (kind == "crowded_wide_2048") return crowded_bucket_keys<K>(n, seed, 2048, 10, 64);
    if (kind == "crowded_warp") return crowded_bucket_keys<K>(n, seed, 128, 7, 16);
    if (kind == "crowded_warp64") return crowded_bucket_keys<K>(n, seed, 64, 6, 16);
  }
  for (auto& [name, keys] : sort_inputs<K>(n, seed))
    if (name == kind) return keys;
  return random_keys<K>(n, n + 1, seed);
}
template <class K>
std::vector<std::string> segsort_key_kinds() {
  if constexpr (std::is_floating_point_v<K>) return {"random", "few_distinct", "nans_zeros", "signed_zeros", "reversed"};
  else return {"random", "few_distinct", "all_equal", "extremes", "sorted"};
}

// Reference: per segment, a stable sort of positions by comp.
template <class K, class Compare>
std::vector<std::uint64_t> ref_segsort_perm(const std::vector<K>& keys, const seg_shape& s, Compare comp) {
  std::vector<std::uint64_t> perm(keys.size());
  std::iota(perm.begin(), perm.end(), 0);
  for (std::size_t i = 0; i < s.begin.size(); ++i)
    std::stable_sort(perm.begin() + s.begin[i], perm.begin() + s.end[i],
                     [&](std::uint64_t a, std::uint64_t b) { return comp(keys[a], keys[b]); });
  return perm;
}

// Compares got with the stable reference; unstable: per segment sorted by
// comp and the same bit patterns, in any order among equal keys.
template <class K, class Compare>
::testing::AssertionResult check_segments(const std::vector<K>& got, const std::vector<K>& keys,
                                          const std::vector<std::uint64_t>& perm, const seg_shape& s, bool stable,
                                          Compare comp, const std::string& what) {
  std::vector<K> want(got.size());
  const K poison = prim_poison<K>();
  for (std::size_t i = 0; i < want.size(); ++i) want[i] = poison;
  for (std::size_t i = 0; i < s.begin.size(); ++i)
    for (auto j = s.begin[i]; j < s.end[i]; ++j) want[j] = keys[perm[j]];
  if (stable) return same_bits(got, want, what);
  const auto bits = [](const K& k) {
    std::uint64_t b = 0;
    std::memcpy(&b, &k, sizeof(K));
    return b;
  };
  std::vector<char> covered(got.size(), 0);
  for (std::size_t i = 0; i < s.begin.size(); ++i) {
    std::vector<std::uint64_t> a, b;
    for (auto j = s.begin[i]; j < s.end[i]; ++j) {
      covered[j] = 1;
      if (j > s.begin[i] && comp(got[j], got[j - 1]))
        return ::testing::AssertionFailure() << what << ": segment " << i << " not sorted at " << j;
      a.push_back(bits(got[j]));
      b.push_back(bits(want[j]));
    }
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    if (a != b) return ::testing::AssertionFailure() << what << ": segment " << i << " holds other keys";
  }
  for (std::size_t j = 0; j < got.size(); ++j)
    if (!covered[j] && bits(got[j]) != bits(poison))
      return ::testing::AssertionFailure() << what << ": element " << j << " outside every segment was written";
  return ::testing::AssertionSuccess();
}

template <class Space, class Offset = std::uint32_t>
struct segs_on {
  decltype(std::declval<Space&>().buf(std::vector<Offset>{})) a, b;
  ordo::segments<Offset> segs;
  segs_on(Space& sp, const seg_shape& s)
      : a(sp.buf(s.form == 0 ? cast(s.offsets) : cast(s.begin))), b(sp.buf(cast(s.end))) {
    if (s.form == 0) segs = ordo::by_offsets(sp.cspan(a));
    else if (s.form == 1) segs = ordo::by_bounds(sp.cspan(a), sp.cspan(b));
  }
  static std::vector<Offset> cast(const std::vector<std::uint64_t>& v) { return {v.begin(), v.end()}; }
};

// host_sync = false (GPU only): the form without a read-back, whose status
// word must then say that every segment was good (by_bounds: validate off,
// as that form asks).
template <class Space>
struct status_word {
  decltype(std::declval<Space&>().buf(std::vector<std::uint64_t>{})) word;
  bool on;
  status_word(Space& sp, ordo::segmented_sort_options& o, bool host_sync, const seg_shape& s)
      : word(sp.buf(std::vector<std::uint64_t>{0})), on(!host_sync) {
    if (!on) return;
    o.host_sync = false;
    o.status = sp.span(word).data();
    if (s.form == 1) o.validate = false;
  }
  ::testing::AssertionResult good(Space& sp, const std::string& what) {
    if (!on) return ::testing::AssertionSuccess();
    const std::uint64_t got = sp.get(word)[0];
    if (got == ~0ull) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << what << ": status " << got << ", not ~0";
  }
};

// The keys and the stable reference of one (shape, kind, seed, order), the
// last one asked for: the suites check the same case stable and then not,
// and the reference (a stable sort per segment) is most of their time.
template <class K>
struct segsort_key_case {
  seg_shape shape;
  std::string kind;
  std::uint64_t seed = 0;
  bool descending = false;
  std::vector<K> keys;
  std::vector<std::uint64_t> perm;
};

inline bool same_shape(const seg_shape& a, const seg_shape& b) {
  return a.name == b.name && a.n == b.n && a.form == b.form && a.length == b.length && a.first == b.first &&
         a.begin == b.begin && a.end == b.end && a.offsets == b.offsets;
}

template <class K>
const segsort_key_case<K>& key_case(const seg_shape& s, const std::string& kind, std::uint64_t seed,
                                    bool descending) {
  static thread_local std::optional<segsort_key_case<K>> last;
  if (last && last->seed == seed && last->descending == descending && last->kind == kind && same_shape(last->shape, s))
    return *last;
  last.reset();
  segsort_key_case<K> c{s, kind, seed, descending, segsort_keys<K>(kind, s.n, seed), {}};
  c.perm = descending ? ref_segsort_perm(c.keys, s, ordo::greater{}) : ref_segsort_perm(c.keys, s, ordo::less{});
  last = std::move(c);
  return *last;
}

template <class Space, class K, class Offset = std::uint32_t>
void check_segsort_keys(Space& sp, const seg_shape& s, const std::string& kind, bool descending, bool stable,
                        std::uint64_t seed, ordo::segsort_path path = ordo::segsort_path::automatic,
                        bool host_sync = true) {
  const segsort_key_case<K>& c = key_case<K>(s, kind, seed, descending);
  const std::vector<K>& keys = c.keys;
  segs_on<Space, Offset> on(sp, s);
  ordo::segmented_sort_options o;
  o.order = descending ? ordo::sort_order::descending : ordo::sort_order::ascending;
  o.stable = stable;
  o.path = path;
  status_word<Space> status(sp, o, host_sync, s);
  auto d_in = sp.buf(keys);
  auto d_out = sp.buf(std::vector<K>(s.n, prim_poison<K>()));
  const std::string what = std::string("keys ") + ordo::type_name<K>() + " " + s.name + " " + kind +
                           (descending ? " desc" : " asc") + (stable ? " stable " : " ") + ordo::to_string(path) +
                           (host_sync ? "" : " no host sync");
  if (s.form == 2) ordo::segmented_sort(sp.exec, sp.cspan(d_in), sp.span(d_out), ordo::fixed_length(s.length, s.first), o);
  else ordo::segmented_sort(sp.exec, sp.cspan(d_in), sp.span(d_out), on.segs, o);
  ASSERT_TRUE(status.good(sp, what));
  const std::vector<std::uint64_t>& perm = c.perm;
  // Float keys are always stable (the docs' promise): -0.0 / +0.0 and NaN
  // payloads keep their order, so they are compared bit for bit.
  const bool exact = stable || std::is_floating_point_v<K>;
  if (descending) ASSERT_TRUE(check_segments(sp.get(d_out), keys, perm, s, exact, ordo::greater{}, what));
  else ASSERT_TRUE(check_segments(sp.get(d_out), keys, perm, s, exact, ordo::less{}, what));
  ASSERT_TRUE(same_bits(sp.get(d_in), keys, what + " (input kept)"));
}

// Key-value: values are the original positions, so any instability shows.
template <class Space, class K, class V, class Offset = std::uint32_t>
void check_segsort_pairs(Space& sp, const seg_shape& s, const std::string& kind, bool descending, bool in_place,
                         std::uint64_t seed, ordo::segsort_path path = ordo::segsort_path::automatic,
                         bool host_sync = true) {
  const auto keys = segsort_keys<K>(kind, s.n, seed);
  std::vector<V> vals(s.n);
  for (std::size_t i = 0; i < s.n; ++i) vals[i] = V(i * 3 + 1);
  segs_on<Space, Offset> on(sp, s);
  ordo::segmented_sort_options o;
  o.order = descending ? ordo::sort_order::descending : ordo::sort_order::ascending;
  o.path = path;
  status_word<Space> status(sp, o, host_sync, s);
  const auto segs = s.form == 2 ? ordo::segments<Offset>{} : on.segs;
  auto d_k = sp.buf(keys);
  auto d_v = sp.buf(vals);
  auto d_ko = sp.buf(std::vector<K>(s.n, prim_poison<K>()));
  auto d_vo = sp.buf(std::vector<V>(s.n, prim_poison<V>()));
  const std::string what = std::string("pairs ") + ordo::type_name<K>() + "/" + std::to_string(sizeof(V) * 8) + " " +
                           s.name + " " + kind + (descending ? " desc" : " asc") + (in_place ? " in place " : " ") +
                           ordo::to_string(path) + (host_sync ? "" : " no host sync");
  const auto run = [&](auto&& sg) {
    if (in_place) {
      ordo::segmented_sort_in_place(sp.exec, sp.span(d_k), sp.span(d_v), sg, o);
    } else {
      ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_ko), sp.cspan(d_v), sp.span(d_vo), sg, o);
    }
  };
  if (s.form == 2) run(ordo::fixed_length(s.length, s.first));
  else run(segs);
  ASSERT_TRUE(status.good(sp, what));
  const auto perm = descending ? ref_segsort_perm(keys, s, ordo::greater{}) : ref_segsort_perm(keys, s, ordo::less{});
  std::vector<K> want_k = in_place ? keys : std::vector<K>(s.n, prim_poison<K>());
  std::vector<V> want_v = in_place ? vals : std::vector<V>(s.n, prim_poison<V>());
  for (std::size_t i = 0; i < s.begin.size(); ++i)
    for (auto j = s.begin[i]; j < s.end[i]; ++j) want_k[j] = keys[perm[j]], want_v[j] = vals[perm[j]];
  ASSERT_TRUE(same_bits(sp.get(in_place ? d_k : d_ko), want_k, what + " keys"));
  ASSERT_TRUE(same_bits(sp.get(in_place ? d_v : d_vo), want_v, what + " values"));
}

// The copy form with its output being its input: sorted in place, as
// sort_copy does (keys only; keys and values both into themselves, offsets,
// bounds with a gap, fixed length). One of keys / values into itself and the
// other apart, or an output that overlaps its input without being it: a
// clear invalid_argument before anything is written.
template <class Space>
void check_segsort_into_itself(Space& sp) {
  rng r(5);
  std::vector<seg_shape> shapes = {offsets_shape("offsets", {0, 1, 7, 33, 300, 2, 5000, 64}, 3)};
  seg_shape bounds;  // two segments and an uncovered gap between them
  bounds.name = "bounds with a gap";
  bounds.form = 1;
  bounds.n = 9000;
  bounds.begin = {4000, 0};
  bounds.end = {9000, 3000};
  shapes.push_back(bounds);
  seg_shape fixed;
  fixed.name = "fixed length 700";
  fixed.form = 2;
  fixed.n = 7000;
  fixed.length = 700;
  for (std::uint64_t b = 0; b < fixed.n; b += 700) fixed.begin.push_back(b), fixed.end.push_back(b + 700);
  shapes.push_back(fixed);
  for (const auto& s : shapes) {
    std::vector<std::int32_t> keys(s.n);
    for (auto& k : keys) k = std::int32_t(r.below(500)) - 250;
    std::vector<std::uint32_t> vals(s.n);
    for (std::size_t i = 0; i < s.n; ++i) vals[i] = std::uint32_t(i);
    const auto perm = ref_segsort_perm(keys, s, ordo::less{});
    auto want_k = keys;
    auto want_v = vals;
    for (std::size_t i = 0; i < s.begin.size(); ++i)
      for (auto j = s.begin[i]; j < s.end[i]; ++j) want_k[j] = keys[perm[j]], want_v[j] = vals[perm[j]];
    segs_on<Space> on(sp, s);
    const auto sorted = [&](auto&& f) {
      if (s.form == 2) f(ordo::fixed_length(s.length));
      else f(on.segs);
    };
    ordo::segmented_sort_options o;
    o.stable = true;
    const std::string what = "segmented_sort into itself, " + s.name;
    {
      auto d = sp.buf(keys);
      sorted([&](auto&& sg) { ordo::segmented_sort(sp.exec, sp.cspan(d), sp.span(d), sg, o); });
      EXPECT_TRUE(same_bits(sp.get(d), want_k, what + ", keys only"));
    }
    {
      auto dk = sp.buf(keys);
      auto dv = sp.buf(vals);
      sorted([&](auto&& sg) { ordo::segmented_sort(sp.exec, sp.cspan(dk), sp.span(dk), sp.cspan(dv), sp.span(dv), sg, o); });
      EXPECT_TRUE(same_bits(sp.get(dk), want_k, what + ", pairs: keys"));
      EXPECT_TRUE(same_bits(sp.get(dv), want_v, what + ", pairs: values"));
    }
    for (bool keys_self : {true, false}) {  // the other one apart: refused, nothing written
      auto dk = sp.buf(keys);
      auto dv = sp.buf(vals);
      auto dko = sp.buf(std::vector<std::int32_t>(s.n, 9));
      auto dvo = sp.buf(std::vector<std::uint32_t>(s.n, 9u));
      const auto kout = keys_self ? sp.span(dk) : sp.span(dko);
      const auto vout = keys_self ? sp.span(dvo) : sp.span(dv);
      sorted([&](auto&& sg) {
        EXPECT_ORDO_ERROR(ordo::segmented_sort(sp.exec, sp.cspan(dk), kout, sp.cspan(dv), vout, sg, o),
                          ordo::errc::invalid_argument);
      });
      EXPECT_TRUE(same_bits(sp.get(dk), keys, what + ": keys untouched"));
      EXPECT_TRUE(same_bits(sp.get(dv), vals, what + ": values untouched"));
      EXPECT_TRUE(same_bits(sp.get(dko), std::vector<std::int32_t>(s.n, 9), what + ": keys_out untouched"));
      EXPECT_TRUE(same_bits(sp.get(dvo), std::vector<std::uint32_t>(s.n, 9u), what + ": values_out untouched"));
    }
  }
  // keys_out one element past keys_in: they overlap without being the same span.
  auto d = sp.buf(std::vector<std::int32_t>(101, 1));
  const auto all = sp.span(d);
  const std::span<const std::int32_t> in(all.data(), 100);
  EXPECT_ORDO_ERROR(ordo::segmented_sort(sp.exec, in, all.subspan(1), ordo::fixed_length(10)),
                    ordo::errc::invalid_argument);
}

// Bad segments: a clear invalid_argument naming the segment, outputs untouched.
template <class Space>
void check_segsort_errors(Space& sp) {
  const std::vector<std::int32_t> keys = {5, 4, 3, 2, 1, 0};
  auto d_k = sp.buf(keys);
  auto d_o = sp.buf(std::vector<std::int32_t>(6, 9));
  const auto expect = [&](auto&& segs, const std::string& needle) {
    try {
      ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_o), segs);
      ADD_FAILURE() << "no error for " << needle;
    } catch (const ordo::error& e) {
      EXPECT_EQ(e.code(), ordo::errc::invalid_argument) << e.what();
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what() << " lacks '" << needle << "'";
    }
    EXPECT_EQ(sp.get(d_o), std::vector<std::int32_t>(6, 9)) << needle;
  };
  auto dec = sp.buf(std::vector<std::uint32_t>{0, 4, 2, 6});
  expect(ordo::by_offsets(sp.cspan(dec)), "segment 1: begin 4 > end 2 (offsets decrease)");
  auto past = sp.buf(std::vector<std::uint64_t>{0, 3, 7});
  expect(ordo::by_offsets(sp.cspan(past)), "segment 1: end 7 > n = 6");
  auto neg = sp.buf(std::vector<std::int32_t>{-1, 3});
  expect(ordo::by_offsets(sp.cspan(neg)), "segment 0: begin a negative offset");
  auto b = sp.buf(std::vector<std::int64_t>{0, 5, 2});
  auto e = sp.buf(std::vector<std::int64_t>{1, 4, 6});
  expect(ordo::by_bounds(sp.cspan(b), sp.cspan(e)), "segment 1: begin 5 > end 4");
  auto e2 = sp.buf(std::vector<std::int64_t>{1, 6});
  expect(ordo::by_bounds(sp.cspan(b), sp.cspan(e2)), "begins.size() (3) != ends.size() (2)");
  // 64-bit offsets keep their value in the message (no truncation to 32 bits).
  auto wide = sp.buf(std::vector<std::uint64_t>{0, (std::uint64_t(1) << 32) + 3});
  expect(ordo::by_offsets(sp.cspan(wide)), "segment 0: end 4294967299 > n = 6");
  auto wide_b = sp.buf(std::vector<std::uint64_t>{(std::uint64_t(1) << 32) + 1});
  auto wide_e = sp.buf(std::vector<std::uint64_t>{2});
  expect(ordo::by_bounds(sp.cspan(wide_b), sp.cspan(wide_e)), "segment 0: begin 4294967297 > end 2");
  // Overlapping segments: the first pair in order of begin.
  auto ob = sp.buf(std::vector<std::uint32_t>{0, 1});
  auto oe = sp.buf(std::vector<std::uint32_t>{4, 5});
  expect(ordo::by_bounds(sp.cspan(ob), sp.cspan(oe)), "segments 0 [0, 4) and 1 [1, 5) overlap");
  auto ub = sp.buf(std::vector<std::int64_t>{4, 3, 0});  // begins out of order: the sorting check
  auto ue = sp.buf(std::vector<std::int64_t>{6, 3, 5});
  expect(ordo::by_bounds(sp.cspan(ub), sp.cspan(ue)), "segments 2 [0, 5) and 0 [4, 6) overlap");
  auto db = sp.buf(std::vector<std::uint64_t>{2, 2});  // the same segment twice
  auto de = sp.buf(std::vector<std::uint64_t>{5, 5});
  expect(ordo::by_bounds(sp.cspan(db), sp.cspan(de)), "segments 0 [2, 5) and 1 [2, 5) overlap");
  // An invalid segment is reported before any overlap.
  auto ib = sp.buf(std::vector<std::uint32_t>{0, 1, 5});
  auto ie = sp.buf(std::vector<std::uint32_t>{4, 5, 9});
  expect(ordo::by_bounds(sp.cspan(ib), sp.cspan(ie)), "segment 2: end 9 > n = 6");
  expect(ordo::fixed_length(0), "segment length must be positive");
  expect(ordo::fixed_length(4, 4), "leading segment must be shorter");
  auto small = sp.buf(std::vector<std::int32_t>(5, 0));
  try {
    ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(small), ordo::fixed_length(2));
    ADD_FAILURE() << "no error for a short output";
  } catch (const ordo::error& err) {
    EXPECT_NE(std::string(err.what()).find("keys_out.size() (5) != keys_in.size() (6)"), std::string::npos) << err.what();
  }
}

// Bounds that touch, empty segments anywhere (inside another one too) and
// segments given out of order are not overlaps; validate = false skips the
// check (an overlap then gives undefined results, so only disjoint ones here).
template <class Space>
void check_segsort_disjoint_bounds(Space& sp) {
  const std::vector<std::int32_t> keys = {5, 4, 3, 2, 1, 0};
  auto d_k = sp.buf(keys);
  const auto run = [&](std::vector<std::uint32_t> b, std::vector<std::uint32_t> e, std::vector<std::int32_t> want,
                       bool validate = true) {
    auto db = sp.buf(b);
    auto de = sp.buf(e);
    auto d_o = sp.buf(std::vector<std::int32_t>(6, 9));
    ordo::segmented_sort_options o;
    o.validate = validate;
    ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_o), ordo::by_bounds(sp.cspan(db), sp.cspan(de)), o);
    EXPECT_EQ(sp.get(d_o), want);
  };
  run({0, 3}, {3, 6}, {3, 4, 5, 0, 1, 2});                   // touching
  run({3, 0}, {6, 3}, {3, 4, 5, 0, 1, 2});                   // out of order
  run({0, 2, 6, 0}, {4, 2, 6, 0}, {2, 3, 4, 5, 9, 9});       // empty ones inside and at the ends
  run({5, 1, 3, 3}, {6, 3, 3, 5}, {9, 3, 4, 1, 2, 0});       // gaps, an empty one between
  run({0, 3}, {3, 6}, {3, 4, 5, 0, 1, 2}, false);            // validate = false
  // Many segments in order with one overlap far in: the GPU's scan over blocks.
  const std::size_t m = 300000;
  std::vector<std::uint64_t> b(m), e(m);
  for (std::size_t i = 0; i < m; ++i) b[i] = i * 2, e[i] = i * 2 + (i % 3 == 0 ? 0 : 1 + i % 2);
  // segment i: [2i, 2i + len), len 0..2; len 2 touches the next begin
  auto keys_long = sp.buf(std::vector<std::int32_t>(2 * m, 1));
  auto out_long = sp.buf(std::vector<std::int32_t>(2 * m, 1));
  {
    auto db = sp.buf(b);
    auto de = sp.buf(e);
    ordo::segmented_sort(sp.exec, sp.cspan(keys_long), sp.span(out_long), ordo::by_bounds(sp.cspan(db), sp.cspan(de)));
  }
  const std::size_t at = 250000;  // [500000, 500001); segment at + 1 is [500002, 500004)
  e[at] = 2 * at + 3;             // now reaches into it
  for (bool shuffled : {false, true}) {
    auto bb = b, ee = e;
    if (shuffled) std::reverse(bb.begin(), bb.end()), std::reverse(ee.begin(), ee.end());
    auto db = sp.buf(bb);
    auto de = sp.buf(ee);
    const std::uint64_t i1 = shuffled ? m - 1 - at : at, i2 = shuffled ? m - 2 - at : at + 1;
    const std::string needle = "segments " + std::to_string(i1) + " [500000, 500003) and " + std::to_string(i2) +
                               " [500002, 500004) overlap";
    try {
      ordo::segmented_sort(sp.exec, sp.cspan(keys_long), sp.span(out_long), ordo::by_bounds(sp.cspan(db), sp.cspan(de)));
      ADD_FAILURE() << "no error for " << needle;
    } catch (const ordo::error& err) {
      EXPECT_EQ(err.code(), ordo::errc::invalid_argument);
      EXPECT_NE(std::string(err.what()).find(needle), std::string::npos) << err.what() << " lacks '" << needle << "'";
    }
  }
}

// An offsets array of one entry describes no segments (what
// np.concatenate([[0], np.cumsum(lens)]) gives for an empty batch): nothing
// is written. So do n = 0 and n = 1 in every form.
template <class Space>
void check_segsort_no_segments(Space& sp) {
  for (std::size_t n : {0, 1, 6}) {
    std::vector<float> keys(n);
    for (std::size_t i = 0; i < n; ++i) keys[i] = float(n - i);
    auto d_k = sp.buf(keys);
    auto d_v = sp.buf(std::vector<std::uint32_t>(n, 3));
    const std::vector<float> poison(n, 9.0f);
    for (std::uint64_t lone : {std::uint64_t(0), std::uint64_t(n)}) {
      auto off = sp.buf(std::vector<std::uint64_t>{lone});
      auto d_o = sp.buf(poison);
      auto d_vo = sp.buf(std::vector<std::uint32_t>(n, 7));
      ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_o), ordo::by_offsets(sp.cspan(off)));
      EXPECT_EQ(sp.get(d_o), poison) << "n=" << n;
      ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_o), sp.cspan(d_v), sp.span(d_vo),
                           ordo::by_offsets(sp.cspan(off)));
      EXPECT_EQ(sp.get(d_vo), std::vector<std::uint32_t>(n, 7)) << "n=" << n;
      ordo::segmented_sort_in_place(sp.exec, sp.span(d_o), ordo::by_offsets(sp.cspan(off)));
      EXPECT_EQ(sp.get(d_o), poison) << "n=" << n;
    }
    // One segment over everything, in each form.
    auto whole = sp.buf(std::vector<std::uint32_t>{0, std::uint32_t(n)});
    auto b = sp.buf(std::vector<std::uint32_t>{0});
    auto e = sp.buf(std::vector<std::uint32_t>{std::uint32_t(n)});
    std::vector<float> sorted = keys;
    std::sort(sorted.begin(), sorted.end());
    auto d_o = sp.buf(poison);
    ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_o), ordo::by_offsets(sp.cspan(whole)));
    EXPECT_EQ(sp.get(d_o), sorted) << "offsets n=" << n;
    d_o = sp.buf(poison);
    ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_o), ordo::by_bounds(sp.cspan(b), sp.cspan(e)));
    EXPECT_EQ(sp.get(d_o), sorted) << "bounds n=" << n;
    for (std::uint64_t len : {1ull, 4ull, 7ull}) {
      d_o = sp.buf(poison);
      ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_o), ordo::fixed_length(len));
      std::vector<float> want = keys;
      for (std::size_t s0 = 0; s0 < n; s0 += len) std::sort(want.begin() + s0, want.begin() + std::min<std::size_t>(n, s0 + len));
      EXPECT_EQ(sp.get(d_o), want) << "fixed " << len << " n=" << n;
    }
  }
}

// A fixed length near 2^64 is one segment over everything (the segment
// count once wrapped to 0 and nothing was sorted, without a word).
template <class Space>
void check_segsort_huge_length(Space& sp) {
  const std::vector<std::int64_t> keys = {5, 4, 3, 2, 1, 0};
  auto d_k = sp.buf(keys);
  for (std::uint64_t len : {~std::uint64_t(0), std::uint64_t(1) << 63, std::uint64_t(7), std::uint64_t(6)}) {
    auto d_o = sp.buf(std::vector<std::int64_t>(6, 9));
    ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_o), ordo::fixed_length(len));
    EXPECT_EQ(sp.get(d_o), (std::vector<std::int64_t>{0, 1, 2, 3, 4, 5})) << "length " << len;
    ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_o), ordo::fixed_length(len, 2));
    EXPECT_EQ(sp.get(d_o), (std::vector<std::int64_t>{4, 5, 0, 1, 2, 3})) << "length " << len << ", first 2";
  }
  EXPECT_EQ(ordo::fixed_length(~std::uint64_t(0)).count(6), 1u);
  EXPECT_EQ(ordo::fixed_length(~std::uint64_t(0), 5).count(6), 2u);
}

// Keys-only float sorts with stable = false keep the order of equal keys
// (-0.0 / +0.0, NaN payloads), at segment lengths around 16/17, warps,
// blocks and tiles, both orders, every path.
template <class Space, class K>
void check_segsort_float_ties(Space& sp, const std::vector<ordo::segsort_path>& paths) {
  std::vector<std::uint64_t> lens;
  for (std::size_t n : float_tie_sizes()) lens.push_back(n), lens.push_back(0);
  const auto s = offsets_shape("float_ties", lens);
  std::vector<K> keys;
  for (std::size_t i = 0; i < lens.size(); ++i) {
    const auto part = float_tie_keys<K>(lens[i], 31 + i, 0);
    keys.insert(keys.end(), part.begin(), part.end());
  }
  segs_on<Space> on(sp, s);
  auto d_in = sp.buf(keys);
  for (auto path : paths)
    for (bool desc : {false, true}) {
      ordo::segmented_sort_options o;
      o.order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
      o.path = path;
      auto d_out = sp.buf(std::vector<K>(s.n, prim_poison<K>()));
      ordo::segmented_sort(sp.exec, sp.cspan(d_in), sp.span(d_out), on.segs, o);
      const auto perm = desc ? ref_segsort_perm(keys, s, ordo::greater{}) : ref_segsort_perm(keys, s, ordo::less{});
      const std::string what = std::string("float ties ") + ordo::type_name<K>() + (desc ? " desc " : " asc ") +
                               ordo::to_string(path);
      if (desc) ASSERT_TRUE(check_segments(sp.get(d_out), keys, perm, s, true, ordo::greater{}, what));
      else ASSERT_TRUE(check_segments(sp.get(d_out), keys, perm, s, true, ordo::less{}, what));
      // Fixed lengths too (the short-tile path for 16 and 17).
      for (std::uint64_t len : {16ull, 17ull, 32ull, 33ull}) {
        seg_shape f;
        f.n = s.n;
        f.form = 2;
        f.length = len;
        for (std::uint64_t b = 0; b < f.n; b += len) f.begin.push_back(b), f.end.push_back(std::min<std::uint64_t>(b + len, f.n));
        auto d_f = sp.buf(std::vector<K>(s.n, prim_poison<K>()));
        ordo::segmented_sort(sp.exec, sp.cspan(d_in), sp.span(d_f), ordo::fixed_length(len), o);
        const auto fp = desc ? ref_segsort_perm(keys, f, ordo::greater{}) : ref_segsort_perm(keys, f, ordo::less{});
        if (desc) ASSERT_TRUE(check_segments(sp.get(d_f), keys, fp, f, true, ordo::greater{}, what + " fixed"));
        else ASSERT_TRUE(check_segments(sp.get(d_f), keys, fp, f, true, ordo::less{}, what + " fixed"));
      }
    }
}

}  // namespace ordo_test
