// The narrow keys (int8, uint8, int16, uint16, bool, float16, bfloat16)
// through every capability, against sequential references written here on
// the widened keys: std::stable_sort of the indices (NaN last, -0.0 ties
// +0.0), reference_rank / reference_rank_sorted (pandas semantics), a
// prefix-maximum radius. Sorted keys are compared bit for bit with the input
// keys in the reference order. Shared by tests/cpu/narrow_keys_test.cpp
// (host_narrow_space, below) and tests/gpu/narrow_keys_gpu_test.cpp (a device
// space; host_narrow_space too).
//
// A space provides: exec; put(std::vector<T>) -> buffer; get(buffer) ->
// std::vector<T> (waiting for the device); ptr(buffer) -> T*; `gpu`.
// bool keys are held as uint8_t (std::vector<bool> has no data()).
#pragma once
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include <gtest/gtest.h>

#include "common/generators.hpp"
#include "common/reference.hpp"
#include "common/type_lists.hpp"
#include "ordo/float16.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rank.hpp"
#include "ordo/rough_sort.hpp"
#include "ordo/segmented_sort.hpp"
#include "ordo/types.hpp"

namespace ordo_test::narrow {

using ordo::bfloat16;
using ordo::half;

template <class K>
using store_t = std::conditional_t<std::is_same_v<K, bool>, std::uint8_t, K>;

template <class K>
inline constexpr bool is_f16_v = std::is_same_v<K, half> || std::is_same_v<K, bfloat16>;

// The widened key, written apart from the library: bool 0/1, integers as
// 64-bit, 16-bit floats through their float conversion (checked against known
// patterns in Float16.* below).
template <class K>
auto wide(store_t<K> s) {
  if constexpr (is_f16_v<K>) return float(s);
  else if constexpr (std::is_same_v<K, bool>) return std::int64_t(s != 0);
  else return std::int64_t(s);
}
template <class K>
using wide_t = decltype(wide<K>(store_t<K>{}));

template <class W>
bool ref_less(W a, W b) {
  if constexpr (std::is_floating_point_v<W>) return a < b || (b != b && a == a);
  else return a < b;
}

template <class K>
std::uint16_t bits(store_t<K> s) {
  std::uint16_t b = 0;
  std::memcpy(&b, &s, sizeof s);
  return b;
}
template <class K>
store_t<K> from_bits(std::uint16_t b) {
  store_t<K> s;
  std::memcpy(&s, &b, sizeof s);
  return s;
}

template <class K>
std::vector<wide_t<K>> widen_all(const std::vector<store_t<K>>& v) {
  std::vector<wide_t<K>> w(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) w[i] = wide<K>(v[i]);
  return w;
}

// ---- generators --------------------------------------------------------------
template <class K>
store_t<K> random_key(rng& r) {
  if constexpr (std::is_same_v<K, bool>) return std::uint8_t(r.below(2));
  else return from_bits<K>(std::uint16_t(r.below(std::uint64_t(1) << (8 * sizeof(K)))));
}

// The values where orders go wrong: extremes, zeros, NaNs of both signs and
// other payloads, infinities, subnormals.
template <class K>
std::vector<store_t<K>> special_pool() {
  using S = store_t<K>;
  if constexpr (std::is_same_v<K, bool>) {
    return {0, 1};
  } else if constexpr (std::is_same_v<K, half> || std::is_same_v<K, bfloat16>) {
    // The same values in each format: +-0, +-inf, +-quiet NaN, the smallest
    // and largest NaN payloads, +-the smallest subnormal, the largest
    // subnormal, the smallest normal, +-the largest finite, +-1, 1 + ulp.
    static constexpr std::array<std::uint16_t, 17> half_bits = {
        0x0000, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7fff, 0x0001,
        0x8001, 0x03ff, 0x0400, 0x7bff, 0xfbff, 0x3c00, 0xbc00, 0x3c01};
    static constexpr std::array<std::uint16_t, 17> bfloat16_bits = {
        0x0000, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0x7fff, 0x0001,
        0x8001, 0x007f, 0x0080, 0x7f7f, 0xff7f, 0x3f80, 0xbf80, 0x3f81};
    std::vector<S> p;
    for (std::uint16_t b : std::is_same_v<K, half> ? half_bits : bfloat16_bits) p.push_back(from_bits<K>(b));
    return p;
  } else {
    using L = std::numeric_limits<K>;
    std::vector<S> p = {L::min(), L::max(), S(L::min() + 1), S(L::max() - 1), S(0), S(1)};
    if constexpr (std::is_signed_v<K>) p.push_back(S(-1));
    return p;
  }
}

template <class K>
std::vector<store_t<K>> make_keys(const std::string& shape, std::size_t n, std::uint64_t seed) {
  rng r(seed);
  std::vector<store_t<K>> v(n);
  if (shape == "random") {
    for (auto& x : v) x = random_key<K>(r);
  } else if (shape == "few") {  // many ties (and for floats NaN and both zeros)
    std::vector<store_t<K>> pool;
    for (int i = 0; i < 4; ++i) pool.push_back(random_key<K>(r));
    if constexpr (is_f16_v<K>) {
      const auto sp = special_pool<K>();
      pool.push_back(sp[0]), pool.push_back(sp[1]), pool.push_back(sp[4]), pool.push_back(sp[6]);
    }
    for (auto& x : v) x = pool[r.below(pool.size())];
  } else if (shape == "equal") {
    const auto k = random_key<K>(r);
    for (auto& x : v) x = k;
  } else if (shape == "special") {
    const auto pool = special_pool<K>();
    for (auto& x : v) x = pool[r.below(pool.size())];
  } else if (shape == "nearly_sorted" || shape == "sorted" || shape == "reversed") {
    for (auto& x : v) x = random_key<K>(r);
    const auto w = widen_all<K>(v);
    std::vector<std::size_t> idx(n);
    std::iota(idx.begin(), idx.end(), std::size_t(0));
    std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) { return ref_less(w[a], w[b]); });
    std::vector<store_t<K>> s(n);
    for (std::size_t i = 0; i < n; ++i) s[i] = v[idx[i]];
    if (shape == "reversed") std::reverse(s.begin(), s.end());
    if (shape == "nearly_sorted")  // shuffle within blocks of 8: radius < 8
      for (std::size_t b = 0; b + 1 < n; b += 8)
        for (std::size_t i = std::min(n, b + 8) - 1; i > b; --i) std::swap(s[i], s[b + r.below(i - b + 1)]);
    v = s;
  }
  return v;
}

inline std::vector<std::string> shapes() {
  return {"random", "few", "equal", "special", "sorted", "reversed", "nearly_sorted"};
}
inline std::vector<std::size_t> sizes() {
#ifndef ORDO_TEST_LEAN_TYPES
  return {0, 1, 2, 31, 32, 33, 255, 256, 257, 1023, 1024, 1025, 4095, 4096, 4097, 100000, 200003};
#else  // the sanitizer build: one size past big() keeps the threaded paths (200003 took half its time)
  return {0, 1, 2, 31, 32, 33, 255, 256, 257, 1023, 1024, 1025, 4095, 4096, 4097, 100000};
#endif
}
inline bool big(std::size_t n) { return n > 5000; }

// ---- references --------------------------------------------------------------
// The stable sorting permutation (descending: NaN first, ties in input order).
template <class K>
std::vector<std::uint32_t> ref_perm(const std::vector<store_t<K>>& v, bool descending) {
  const auto w = widen_all<K>(v);
  std::vector<std::uint32_t> idx(v.size());
  std::iota(idx.begin(), idx.end(), 0u);
  std::stable_sort(idx.begin(), idx.end(), [&](std::uint32_t a, std::uint32_t b) {
    return descending ? ref_less(w[b], w[a]) : ref_less(w[a], w[b]);
  });
  return idx;
}
template <class T>
std::vector<T> permuted(const std::vector<T>& v, const std::vector<std::uint32_t>& p) {
  std::vector<T> out(p.size());
  for (std::size_t i = 0; i < p.size(); ++i) out[i] = v[p[i]];
  return out;
}

// max{j - i : i < j, a[j] before a[i] in the order}: the first i whose
// prefix maximum is after a[j] (the prefix maximum never decreases).
template <class K>
std::uint64_t ref_radius(const std::vector<store_t<K>>& v, bool descending) {
  const auto w = widen_all<K>(v);
  auto before = [&](auto a, auto b) { return descending ? ref_less(b, a) : ref_less(a, b); };
  std::vector<wide_t<K>> pm(w.size());
  for (std::size_t i = 0; i < w.size(); ++i) pm[i] = (i && !before(pm[i - 1], w[i])) ? pm[i - 1] : w[i];
  std::uint64_t r = 0;
  for (std::size_t j = 0; j < w.size(); ++j) {
    const auto it = std::upper_bound(pm.begin(), pm.begin() + std::ptrdiff_t(j), w[j],
                                     [&](const auto& x, const auto& y) { return before(x, y); });
    if (it != pm.begin() + std::ptrdiff_t(j)) r = std::max<std::uint64_t>(r, j - std::size_t(it - pm.begin()));
  }
  return r;
}

// ---- comparison --------------------------------------------------------------
template <class K>
void expect_same_keys(const std::vector<store_t<K>>& got, const std::vector<store_t<K>>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (bits<K>(got[i]) != bits<K>(want[i])) {
      ADD_FAILURE() << what << ": key " << i << " has bits 0x" << std::hex << bits<K>(got[i]) << ", want 0x"
                    << bits<K>(want[i]) << std::dec << " (n=" << got.size() << ")";
      return;
    }
}
template <class T>
void expect_same(const std::vector<T>& got, const std::vector<T>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(got[i] == want[i])) {
      ADD_FAILURE() << what << ": element " << i << " is " << double(got[i]) << ", want " << double(want[i])
                    << " (n=" << got.size() << ")";
      return;
    }
}
inline void expect_ranks(const std::vector<double>& got, const std::vector<double>& want, const std::string& what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!(got[i] == want[i] || (std::isnan(got[i]) && std::isnan(want[i])))) {
      ADD_FAILURE() << what << ": rank " << i << " is " << got[i] << ", want " << want[i];
      return;
    }
}

template <class K, class Space, class B>
std::span<K> kspan(B& b, std::size_t n) {
  return {reinterpret_cast<K*>(Space::ptr(b)), n};
}

// ---- the capabilities --------------------------------------------------------
template <class K, class Space>
void check_rank(Space& sp, const std::vector<store_t<K>>& v, const std::string& tag) {
  const std::size_t n = v.size();
  auto d = sp.put(v);
  const auto w = widen_all<K>(v);
  // The reference's order, sorted once for each direction and NaN place.
  const std::vector<ref_keyed<typename decltype(w)::value_type>> orders[2][2] = {
      {reference_rank_order(w, false, false), reference_rank_order(w, false, true)},
      {reference_rank_order(w, true, false), reference_rank_order(w, true, true)}};
  for (auto m : {ordo::rank_method::min, ordo::rank_method::max, ordo::rank_method::dense, ordo::rank_method::ordinal,
                 ordo::rank_method::average})
    for (bool asc : {true, false})
      for (auto na : {ordo::na_option::keep, ordo::na_option::top, ordo::na_option::bottom})
        for (bool pct : {false, true}) {
          if (big(n) && (pct || na == ordo::na_option::bottom || (!asc && m != ordo::rank_method::average))) continue;
          ordo::rank_options o;
          o.method = m, o.ascending = asc, o.na = na, o.pct = pct;
          auto r = sp.put(std::vector<double>(n, -7.0));
          ordo::rank(sp.exec, std::span<const K>(kspan<K, Space>(d, n)), std::span<double>(Space::ptr(r), n), o);
          expect_ranks(sp.get(r), reference_rank_in_order(w, orders[asc][na == ordo::na_option::top], o),
                       tag + " rank " + ordo::to_string(m) + (asc ? " asc" : " desc") + " na=" +
                           ordo::to_string(na) + (pct ? " pct" : ""));
        }
  // an integral rank type
  ordo::rank_options o;
  o.method = ordo::rank_method::dense;
  o.na = ordo::na_option::bottom;
  auto r = sp.put(std::vector<std::uint32_t>(n, 7u));
  ordo::rank(sp.exec, std::span<const K>(kspan<K, Space>(d, n)), std::span<std::uint32_t>(Space::ptr(r), n), o);
  const auto ref = reference_rank(w, o);
  expect_same(sp.get(r), std::vector<std::uint32_t>(ref.begin(), ref.end()), tag + " rank dense uint32");
}

template <class K, class Space>
void check_rank_sorted(Space& sp, const std::vector<store_t<K>>& v, const std::string& tag) {
  const std::size_t n = v.size();
  for (bool desc : {false, true}) {
    const auto s = permuted(v, ref_perm<K>(v, desc));
    auto d = sp.put(s);
    for (auto m : {ordo::rank_method::min, ordo::rank_method::max, ordo::rank_method::dense,
                   ordo::rank_method::ordinal, ordo::rank_method::average}) {
      ordo::rank_sorted_options o;
      o.method = m;
      o.order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
      o.validate = true;
      auto r = sp.put(std::vector<double>(n, -7.0));
      ordo::rank_sorted(sp.exec, std::span<const K>(kspan<K, Space>(d, n)), std::span<double>(Space::ptr(r), n), o);
      expect_ranks(sp.get(r), reference_rank_sorted(widen_all<K>(s), m),
                   tag + " rank_sorted " + ordo::to_string(m) + (desc ? " desc" : " asc"));
    }
  }
}

template <class K, class Space>
void check_sort_idx(Space& sp, const std::vector<store_t<K>>& v, const std::string& tag) {
  const std::size_t n = v.size();
  auto d = sp.put(v);
  for (bool desc : {false, true}) {
    const auto p = ref_perm<K>(v, desc);
    auto perm = sp.put(std::vector<std::uint32_t>(n, 0xdeadu));
    auto sk = sp.put(std::vector<store_t<K>>(n));
    auto run = [&](auto comp) {
      ordo::sort_idx(sp.exec, std::span<const K>(kspan<K, Space>(d, n)), std::span<std::uint32_t>(Space::ptr(perm), n),
                     kspan<K, Space>(sk, n), comp);
    };
    if (desc) run(ordo::greater{});
    else run(ordo::less{});
    const std::string what = tag + " sort_idx" + (desc ? " greater" : " less");
    expect_same(sp.get(perm), p, what + " perm");
    expect_same_keys<K>(sp.get(sk), permuted(v, p), what + " keys");
    // without sorted keys
    auto perm2 = sp.put(std::vector<std::uint32_t>(n, 0xdeadu));
    if (desc)
      ordo::sort_idx(sp.exec, std::span<const K>(kspan<K, Space>(d, n)), std::span<std::uint32_t>(Space::ptr(perm2), n),
                     std::span<K>{}, ordo::greater{});
    else
      ordo::sort_idx(sp.exec, std::span<const K>(kspan<K, Space>(d, n)), std::span<std::uint32_t>(Space::ptr(perm2), n));
    expect_same(sp.get(perm2), p, what + " perm only");
  }
}

// A user comparator sees the narrow keys themselves (host only: on the GPU
// a user comparator needs the family's .cuh in a .cu file).
template <class K, class Space>
void check_user_comparator(Space& sp, const std::vector<store_t<K>>& v, const std::string& tag) {
  const std::size_t n = v.size();
  auto d = sp.put(v);
  auto comp = [](auto a, auto b) {
    static_assert(std::is_same_v<decltype(a), K>, "a user comparator gets the narrow key type");
    return ref_less(wide<K>(store_t<K>(b)), wide<K>(store_t<K>(a)));  // descending
  };
  const auto p = ref_perm<K>(v, true);
  auto perm = sp.put(std::vector<std::uint32_t>(n, 0xdeadu));
  auto sk = sp.put(std::vector<store_t<K>>(n));
  ordo::sort_idx(sp.exec, std::span<const K>(kspan<K, Space>(d, n)), std::span<std::uint32_t>(Space::ptr(perm), n),
                 kspan<K, Space>(sk, n), comp);
  expect_same(sp.get(perm), p, tag + " sort_idx user comparator perm");
  expect_same_keys<K>(sp.get(sk), permuted(v, p), tag + " sort_idx user comparator keys");
  // and the adaptive sort, merge and the segmented sort with it
  auto s = sp.put(v);
  ordo::sort(sp.exec, kspan<K, Space>(s, n), ordo::sort_options{}, comp);
  expect_same_keys<K>(sp.get(s), permuted(v, p), tag + " sort user comparator");
  const std::vector<std::uint64_t> off = {0, n / 3, n};
  auto g = sp.put(v);
  ordo::segmented_sort_in_place(sp.exec, kspan<K, Space>(g, n),
                                ordo::by_offsets(std::span<const std::uint64_t>(off)), {}, comp);
  auto want = v;
  for (std::size_t s0 : {std::size_t(0), n / 3}) {
    const std::size_t e = s0 ? n : n / 3;
    std::vector<store_t<K>> part(v.begin() + std::ptrdiff_t(s0), v.begin() + std::ptrdiff_t(e));
    const auto ps = permuted(part, ref_perm<K>(part, true));
    std::copy(ps.begin(), ps.end(), want.begin() + std::ptrdiff_t(s0));
  }
  expect_same_keys<K>(sp.get(g), want, tag + " segmented_sort user comparator");
  EXPECT_EQ(ordo::radius(sp.exec, std::span<const K>(kspan<K, Space>(d, n)), {}, comp), ref_radius<K>(v, true))
      << tag << " radius user comparator";
}

template <class K, class Space>
void check_merge(Space& sp, const std::vector<store_t<K>>& v, const std::string& tag) {
  const std::size_t n = v.size();
  for (bool desc : {false, true}) {
    const std::size_t na = n / 3;
    std::vector<store_t<K>> a(v.begin(), v.begin() + std::ptrdiff_t(na)), b(v.begin() + std::ptrdiff_t(na), v.end());
    a = permuted(a, ref_perm<K>(a, desc));
    b = permuted(b, ref_perm<K>(b, desc));
    // reference: a's keys first on ties; values: position in a ++ b
    std::vector<store_t<K>> ab(a);
    ab.insert(ab.end(), b.begin(), b.end());
    std::vector<std::uint32_t> idx(n);
    std::iota(idx.begin(), idx.end(), 0u);
    const auto w = widen_all<K>(ab);
    std::vector<std::uint32_t> want_v(n);
    std::merge(idx.begin(), idx.begin() + std::ptrdiff_t(na), idx.begin() + std::ptrdiff_t(na), idx.end(),
               want_v.begin(), [&](std::uint32_t x, std::uint32_t y) {
                 return desc ? ref_less(w[y], w[x]) : ref_less(w[x], w[y]);
               });
    const auto want_k = permuted(ab, want_v);
    std::vector<std::uint32_t> av(na), bv(n - na);
    std::iota(av.begin(), av.end(), 0u);
    std::iota(bv.begin(), bv.end(), std::uint32_t(na));
    auto da = sp.put(a), db = sp.put(b);
    auto dav = sp.put(av), dbv = sp.put(bv);
    auto ok = sp.put(std::vector<store_t<K>>(n)), ok2 = sp.put(std::vector<store_t<K>>(n));
    auto ov = sp.put(std::vector<std::uint32_t>(n));
    const std::string what = tag + " merge" + (desc ? " greater" : " less");
    auto ka = std::span<const K>(kspan<K, Space>(da, na)), kb = std::span<const K>(kspan<K, Space>(db, n - na));
    auto va = std::span<const std::uint32_t>(Space::ptr(dav), na);
    auto vb = std::span<const std::uint32_t>(Space::ptr(dbv), n - na);
    if (desc) {
      ordo::merge(sp.exec, ka, kb, kspan<K, Space>(ok, n), ordo::greater{});
      ordo::merge(sp.exec, ka, va, kb, vb, kspan<K, Space>(ok2, n), std::span<std::uint32_t>(Space::ptr(ov), n),
                  ordo::greater{});
    } else {
      ordo::merge(sp.exec, ka, kb, kspan<K, Space>(ok, n));
      ordo::merge(sp.exec, ka, va, kb, vb, kspan<K, Space>(ok2, n), std::span<std::uint32_t>(Space::ptr(ov), n));
    }
    expect_same_keys<K>(sp.get(ok), want_k, what + " keys");
    expect_same_keys<K>(sp.get(ok2), want_k, what + " pairs keys");
    expect_same(sp.get(ov), want_v, what + " pairs values");
  }
}

// Segments: offsets of random lengths (some empty), and bounds with gaps whose
// keys must stay as they were.
template <class K, class Space>
void check_segmented_sort(Space& sp, const std::vector<store_t<K>>& v, const std::string& tag, std::uint64_t seed) {
  const std::size_t n = v.size();
  rng r(seed);
  std::vector<std::uint32_t> off = {0};
  while (off.back() < n) {
    const std::size_t len = r.below(4) == 0 ? 0 : 1 + r.below(r.below(2) ? 40 : 3000);
    off.push_back(std::uint32_t(std::min<std::size_t>(n, off.back() + len)));
  }
  std::vector<std::uint32_t> begins, ends;  // every other offset segment, the rest are gaps
  for (std::size_t i = 0; i + 1 < off.size(); i += 2) begins.push_back(off[i]), ends.push_back(off[i + 1]);
  std::vector<std::uint32_t> vals(n);
  std::iota(vals.begin(), vals.end(), 0u);
  auto dk = sp.put(v);
  auto dvals = sp.put(vals);
  auto doff = sp.put(off), db = sp.put(begins), de = sp.put(ends);
  const auto by_off = ordo::by_offsets(std::span<const std::uint32_t>(Space::ptr(doff), off.size()));
  const auto by_bnd = ordo::by_bounds(std::span<const std::uint32_t>(Space::ptr(db), begins.size()),
                                      std::span<const std::uint32_t>(Space::ptr(de), ends.size()));
  const std::vector<store_t<K>> sentinel(n, special_pool<K>()[1]);
  for (bool desc : {false, true})
    for (bool bounds : {false, true})
      for (bool stable : {false, true}) {
        // reference
        auto want = bounds ? sentinel : v;
        auto want_v = bounds ? std::vector<std::uint32_t>(n, 0xabcu) : vals;
        std::vector<std::uint32_t> sb = bounds ? begins : std::vector<std::uint32_t>(off.begin(), off.end() - 1);
        std::vector<std::uint32_t> se = bounds ? ends : std::vector<std::uint32_t>(off.begin() + 1, off.end());
        for (std::size_t s = 0; s < sb.size(); ++s) {
          std::vector<store_t<K>> part(v.begin() + sb[s], v.begin() + se[s]);
          const auto p = ref_perm<K>(part, desc);
          for (std::size_t i = 0; i < p.size(); ++i) want[sb[s] + i] = part[p[i]], want_v[sb[s] + i] = sb[s] + p[i];
        }
        ordo::segmented_sort_options o;
        o.order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
        o.stable = stable;
        const std::string what = tag + " segmented_sort" + (desc ? " desc" : " asc") +
                                 (bounds ? " bounds" : " offsets") + (stable ? " stable" : "");
        auto go = [&](auto segs) {
          auto ko = sp.put(bounds ? sentinel : std::vector<store_t<K>>(n));
          ordo::segmented_sort(sp.exec, std::span<const K>(kspan<K, Space>(dk, n)), kspan<K, Space>(ko, n), segs, o);
          expect_same_keys<K>(sp.get(ko), want, what + " keys");
          auto ko2 = sp.put(bounds ? sentinel : std::vector<store_t<K>>(n));
          auto vo = sp.put(std::vector<std::uint32_t>(n, 0xabcu));
          ordo::segmented_sort(sp.exec, std::span<const K>(kspan<K, Space>(dk, n)), kspan<K, Space>(ko2, n),
                               std::span<const std::uint32_t>(Space::ptr(dvals), n),
                               std::span<std::uint32_t>(Space::ptr(vo), n), segs, o);
          expect_same_keys<K>(sp.get(ko2), want, what + " pairs keys");
          expect_same(sp.get(vo), want_v, what + " pairs values");
          if (!bounds) {  // in place (a gap keeps its keys: want has v there)
            auto ki = sp.put(v);
            ordo::segmented_sort_in_place(sp.exec, kspan<K, Space>(ki, n), segs, o);
            expect_same_keys<K>(sp.get(ki), want, what + " in place");
            auto ki2 = sp.put(v);
            auto vi = sp.put(vals);
            ordo::segmented_sort_in_place(sp.exec, kspan<K, Space>(ki2, n), std::span<std::uint32_t>(Space::ptr(vi), n),
                                          segs, o);
            expect_same_keys<K>(sp.get(ki2), want, what + " in place pairs keys");
            expect_same(sp.get(vi), want_v, what + " in place pairs values");
          }
        };
        if (bounds) go(by_bnd);
        else go(by_off);
      }
}

template <class K, class Space>
void check_sorts(Space& sp, const std::vector<store_t<K>>& v, const std::string& tag) {
  const std::size_t n = v.size();
  std::vector<std::uint32_t> vals(n);
  std::iota(vals.begin(), vals.end(), 0u);
  auto dv = sp.put(v);
  auto dvals = sp.put(vals);
  for (bool desc : {false, true}) {
    const auto order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
    const auto p = ref_perm<K>(v, desc);
    const auto want = permuted(v, p);
    const std::string d = desc ? " desc" : " asc";
    // radius, is_k_sorted
    const std::uint64_t rr = ref_radius<K>(v, desc);
    EXPECT_EQ(ordo::radius(sp.exec, std::span<const K>(kspan<K, Space>(dv, n)), ordo::radius_options{order}), rr)
        << tag << " radius" << d;
    if constexpr (!Space::gpu) {
      EXPECT_TRUE(ordo::is_k_sorted(sp.exec, std::span<const K>(kspan<K, Space>(dv, n)), rr, order)) << tag << d;
      if (rr) {
        EXPECT_FALSE(ordo::is_k_sorted(sp.exec, std::span<const K>(kspan<K, Space>(dv, n)), rr - 1, order))
            << tag << " is_k_sorted" << d;
      }
    }
    // the adaptive sort, in place and copied, keys and pairs
    ordo::sort_options so;
    so.order = order;
    {
      auto k = sp.put(v);
      ordo::sort(sp.exec, kspan<K, Space>(k, n), so);
      expect_same_keys<K>(sp.get(k), want, tag + " sort" + d);
      auto k2 = sp.put(v);
      auto v2 = sp.put(vals);
      ordo::sort(sp.exec, kspan<K, Space>(k2, n), std::span<std::uint32_t>(Space::ptr(v2), n), so);
      expect_same_keys<K>(sp.get(k2), want, tag + " sort pairs keys" + d);
      expect_same(sp.get(v2), p, tag + " sort pairs values" + d);
      auto ko = sp.put(std::vector<store_t<K>>(n));
      auto vo = sp.put(std::vector<std::uint32_t>(n));
      ordo::sort_copy(sp.exec, std::span<const K>(kspan<K, Space>(dv, n)), kspan<K, Space>(ko, n),
                      std::span<const std::uint32_t>(Space::ptr(dvals), n), std::span<std::uint32_t>(Space::ptr(vo), n),
                      so);
      expect_same_keys<K>(sp.get(ko), want, tag + " sort_copy pairs keys" + d);
      expect_same(sp.get(vo), p, tag + " sort_copy pairs values" + d);
      auto ko2 = sp.put(std::vector<store_t<K>>(n));
      ordo::sort_copy(sp.exec, std::span<const K>(kspan<K, Space>(dv, n)), kspan<K, Space>(ko2, n), so);
      expect_same_keys<K>(sp.get(ko2), want, tag + " sort_copy" + d);
    }
    // rough_sort with the true radius, and with a wrong one (fallback, raise)
    if (big(n) && rr > 4096) continue;  // the CPU's runs of 2k would be a full sort
    ordo::rough_sort_options ro;
    ro.order = order;
    {
      auto k = sp.put(v);
      ordo::rough_sort(sp.exec, kspan<K, Space>(k, n), rr, ro);
      expect_same_keys<K>(sp.get(k), want, tag + " rough_sort" + d);
      auto k2 = sp.put(v);
      auto v2 = sp.put(vals);
      ordo::rough_sort(sp.exec, kspan<K, Space>(k2, n), std::span<std::uint32_t>(Space::ptr(v2), n), rr, ro);
      expect_same_keys<K>(sp.get(k2), want, tag + " rough_sort pairs keys" + d);
      expect_same(sp.get(v2), p, tag + " rough_sort pairs values" + d);
      auto ko = sp.put(std::vector<store_t<K>>(n));
      ordo::rough_sort_copy(sp.exec, std::span<const K>(kspan<K, Space>(dv, n)), kspan<K, Space>(ko, n), rr, ro);
      expect_same_keys<K>(sp.get(ko), want, tag + " rough_sort_copy" + d);
      auto ko2 = sp.put(std::vector<store_t<K>>(n));
      auto vo = sp.put(std::vector<std::uint32_t>(n));
      ordo::rough_sort_copy(sp.exec, std::span<const K>(kspan<K, Space>(dv, n)), kspan<K, Space>(ko2, n),
                            std::span<const std::uint32_t>(Space::ptr(dvals), n),
                            std::span<std::uint32_t>(Space::ptr(vo), n), rr, ro);
      expect_same_keys<K>(sp.get(ko2), want, tag + " rough_sort_copy pairs keys" + d);
      expect_same(sp.get(vo), p, tag + " rough_sort_copy pairs values" + d);
    }
    if (rr > 1) {
      auto k = sp.put(v);
      ordo::rough_sort(sp.exec, kspan<K, Space>(k, n), rr / 2, ro);  // wrong k: sorted anyway
      expect_same_keys<K>(sp.get(k), want, tag + " rough_sort wrong k" + d);
      ordo::rough_sort_options raise = ro;
      raise.on_wrong_k = ordo::wrong_radius::raise;
      const std::vector<store_t<K>> untouched(n, special_pool<K>()[1]);
      auto ko = sp.put(untouched);
      EXPECT_THROW(ordo::rough_sort_copy(sp.exec, std::span<const K>(kspan<K, Space>(dv, n)), kspan<K, Space>(ko, n),
                                         rr / 2, raise),
                   ordo::error)
          << tag << d;
      expect_same_keys<K>(sp.get(ko), untouched, tag + " rough_sort_copy raise leaves the output" + d);
    }
  }
}

// Every capability on one input.
template <class K, class Space>
void check_all(Space& sp, const std::vector<store_t<K>>& v, const std::string& tag, std::uint64_t seed) {
  check_rank<K>(sp, v, tag);
  check_rank_sorted<K>(sp, v, tag);
  check_sort_idx<K>(sp, v, tag);
  check_merge<K>(sp, v, tag);
  check_segmented_sort<K>(sp, v, tag, seed);
  check_sorts<K>(sp, v, tag);
}

template <class K, class Space>
void run_grid(Space& sp, std::uint64_t seed0 = 29) {
  std::uint64_t seed = seed0;
  for (const auto& shape : shapes())
    for (std::size_t n : sizes()) {
      if (big(n) && shape != "random" && shape != "nearly_sorted" && shape != "special") continue;
      const auto v = make_keys<K>(shape, n, ++seed);
      check_all<K>(sp, v, std::string(ordo::type_name<K>()) + " " + shape + " n=" + std::to_string(n), seed);
      if (::testing::Test::HasFailure()) return;  // one failing input is enough to read
    }
}

// The host space: keys in std::vector, run on exec (an ordo::cpu).
struct host_narrow_space {
  ordo::cpu exec;
  static constexpr bool gpu = false;
  template <class T>
  std::vector<T> put(const std::vector<T>& h) { return h; }
  template <class T>
  std::vector<T> get(const std::vector<T>& b) { return b; }
  template <class T>
  static T* ptr(std::vector<T>& b) { return b.data(); }
};

#ifndef ORDO_TEST_LEAN_TYPES
#define ORDO_TEST_COMMA_KEY(K) , K
using narrow_types = types_after_first<void ORDO_FOR_EACH_NARROW_KEY(ORDO_TEST_COMMA_KEY)>::type;
#undef ORDO_TEST_COMMA_KEY
#else  // the sanitizer build: one key of each carrier (common/type_lists.hpp): bool for
       // uint32 (uint8's and uint16's carrier too), the one narrow key with an order of its own
using narrow_types = ::testing::Types<std::int8_t, bool, ::ordo::half>;
#endif

}  // namespace ordo_test::narrow
