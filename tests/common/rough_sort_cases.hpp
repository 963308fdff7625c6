// Radius, roughsort and the adaptive sort, written once over a "space"
// (host_space.hpp or gpu/device_space.hpp) so the CPU and GPU suites run the
// same cases. References: an O(n^2) radius straight from the definition, and
// std::stable_sort with ordo::less / ordo::greater. Key-value results must be
// the stable sort bit for bit; keys-only results must be ordered and hold the
// input's bit patterns.
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "common/generators.hpp"
#include "common/float_ties.hpp"
#include "common/primitives_cases.hpp"  // same_bits
#include "ordo/ksorted_gen.hpp"
#include "ordo/rough_sort.hpp"
#include "ordo/types.hpp"

namespace ordo_test {

// max{j - i : i < j, a[j] before a[i]}, by definition.
template <class K, class C>
std::uint64_t radius_by_definition(const std::vector<K>& a, C comp) {
  std::uint64_t r = 0;
  for (std::size_t i = 0; i < a.size(); ++i)
    for (std::size_t j = a.size(); j-- > i + r + 1;)
      if (comp(a[j], a[i])) {
        r = j - i;
        break;
      }
  return r;
}

template <class K>
std::vector<K> bits_sorted(std::vector<K> v) {
  std::sort(v.begin(), v.end(), [](const K& x, const K& y) { return std::memcmp(&x, &y, sizeof(K)) < 0; });
  return v;
}

template <class K>
std::vector<K> from_u64(const std::vector<std::uint64_t>& v) {
  std::vector<K> out(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) out[i] = K(v[i]);
  return out;
}

// Named inputs of one key type: k-sorted ones and adversarial ones.
template <class K>
std::vector<std::pair<std::string, std::vector<K>>> radius_inputs(std::size_t n, std::uint64_t seed) {
  std::vector<std::pair<std::string, std::vector<K>>> in;
  for (std::uint64_t k : {1ull, 2ull, 5ull, 16ull, 33ull, 300ull})
    for (auto how : {ordo::gen::ksorted_shuffle::paper, ordo::gen::ksorted_shuffle::blocks})
      in.push_back({"ksorted k=" + std::to_string(k) + (how == ordo::gen::ksorted_shuffle::paper ? " paper" : " blocks"),
                    ordo::gen::ksorted<K>(n, k, seed + k, how)});
  rng r(seed);
  std::vector<K> random(n), few(n);
  for (auto& x : random) x = K(r.below(1u << 20));
  for (auto& x : few) x = K(r.below(3));
  in.push_back({"random", random});
  in.push_back({"few distinct", few});
  std::vector<K> sorted = ordo::gen::sorted_values<K>(n, seed), rev(sorted.rbegin(), sorted.rend());
  in.push_back({"sorted", sorted});
  in.push_back({"reversed", rev});
  in.push_back({"all equal", std::vector<K>(n, K(7))});
  if (n > 1) {
    auto big_first = sorted;  // the largest moved to the front: radius n - 1
    std::rotate(big_first.begin(), big_first.end() - 1, big_first.end());
    in.push_back({"largest first", big_first});
    auto small_last = sorted;  // the smallest moved to the back
    std::rotate(small_last.begin(), small_last.begin() + 1, small_last.end());
    in.push_back({"smallest last", small_last});
    auto far = sorted;  // one pair far apart, the rest in order
    std::swap(far[n / 3], far[n - 1 - n / 5]);
    in.push_back({"one far swap", far});
    // Near each boundary of 2048 (the GPU's radius chunk) a key moved d places
    // forward: every key it jumps is a record whose j(i) lies in the earlier
    // chunk, up to the whole next chunk of them (the far-record paths).
    auto jumps = sorted;
    for (std::size_t m = 1; m * 2048 < n; ++m) {
      const std::size_t p = m * 2048 - 1 - (m * 13) % 50, d = 70 + (m * 997) % (m % 4 == 0 ? 4000 : 1900);
      if (p + d < n) std::rotate(jumps.begin() + p, jumps.begin() + p + d, jumps.begin() + p + d + 1);
    }
    in.push_back({"jumps across chunks", jumps});
  }
  if constexpr (std::is_floating_point_v<K>) {
    auto special = ordo::gen::ksorted<K>(n, 4, seed, ordo::gen::ksorted_shuffle::blocks);
    const K nan = std::numeric_limits<K>::quiet_NaN();
    for (std::size_t i = 0; i < n; i += 37) special[i] = (i / 37) % 3 == 0 ? nan : (i / 37) % 3 == 1 ? K(-0.0) : K(0.0);
    in.push_back({"nan and signed zeros", special});
  }
  return in;
}

template <class Space, class K>
void check_radius(Space& sp, std::size_t n, std::uint64_t seed, bool by_definition) {
  for (const auto& [name, h] : radius_inputs<K>(n, seed))
    for (bool desc : {false, true}) {
      const auto order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
      const std::uint64_t want = by_definition
                                     ? (desc ? radius_by_definition(h, ordo::greater{}) : radius_by_definition(h, ordo::less{}))
                                     : ordo::radius(ordo::cpu{1}, std::span<const K>(h), {order});
      auto d = sp.buf(h);
      EXPECT_EQ(ordo::radius(sp.exec, sp.cspan(d), {order}), want)
          << name << " n=" << n << (desc ? " descending" : " ascending");
    }
}

// The reference: a stable sort with the built-in order.
template <class K, class V>
void reference_sort(std::vector<K>& k, std::vector<V>& v, bool desc) {
  std::vector<std::size_t> idx(k.size());
  for (std::size_t i = 0; i < idx.size(); ++i) idx[i] = i;
  std::stable_sort(idx.begin(), idx.end(), [&](std::size_t a, std::size_t b) {
    return desc ? ordo::greater{}(k[a], k[b]) : ordo::less{}(k[a], k[b]);
  });
  std::vector<K> k2(k.size());
  std::vector<V> v2(v.size());
  for (std::size_t i = 0; i < idx.size(); ++i) k2[i] = k[idx[i]], v2[i] = v[idx[i]];
  k.swap(k2);
  v.swap(v2);
}

// Keys-only results of float keys must be the stable sort bit for bit: the
// docs promise that equal keys (-0.0 / +0.0, NaNs of other payloads or signs)
// keep their input order. Integer keys: ordered, and the input's bits.
template <class K>
::testing::AssertionResult keys_sorted_as(const std::vector<K>& got, const std::vector<K>& input, bool desc);
template <class K>
::testing::AssertionResult keys_stably_sorted_as(const std::vector<K>& got, const std::vector<K>& input, bool desc) {
  if constexpr (std::is_floating_point_v<K>) {
    auto want = input;
    std::vector<std::uint8_t> unused(input.size());
    reference_sort(want, unused, desc);
    return same_bits(got, want, "keys-only float sort (stable)");
  } else {
    return keys_sorted_as(got, input, desc);
  }
}

template <class K>
::testing::AssertionResult keys_sorted_as(const std::vector<K>& got, const std::vector<K>& input, bool desc) {
  for (std::size_t i = 1; i < got.size(); ++i)
    if (desc ? ordo::greater{}(got[i], got[i - 1]) : ordo::less{}(got[i], got[i - 1]))
      return ::testing::AssertionFailure() << "out of order at " << i;
  const auto a = bits_sorted(got), b = bits_sorted(input);
  if (a.size() != b.size() || (!a.empty() && std::memcmp(a.data(), b.data(), a.size() * sizeof(K)) != 0))
    return ::testing::AssertionFailure() << "not a permutation of the input";
  return ::testing::AssertionSuccess();
}

// How a case sorts: rough_sort_copy with a hint, or the adaptive sort_copy.
struct sort_call {
  bool adaptive = false;
  std::uint64_t k = 0;
  ordo::rough_sort_variant variant = ordo::rough_sort_variant::automatic;
  ordo::sort_variant sort_v = ordo::sort_variant::automatic;
};

template <class Space, class K>
void check_sort_keys(Space& sp, const std::vector<K>& h, bool desc, sort_call c, const std::string& what,
                     bool in_place = false) {
  const auto order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
  auto d_in = sp.buf(h);
  auto d_out = sp.buf(std::vector<K>(h.size(), K(99)));
  if (in_place) {
    if (c.adaptive) ordo::sort(sp.exec, sp.span(d_in), {order, c.sort_v});
    else ordo::rough_sort(sp.exec, sp.span(d_in), c.k, {order, c.variant});
    EXPECT_TRUE(keys_stably_sorted_as(sp.get(d_in), h, desc)) << what << " in place";
    return;
  }
  if (c.adaptive) ordo::sort_copy(sp.exec, sp.cspan(d_in), sp.span(d_out), {order, c.sort_v});
  else ordo::rough_sort_copy(sp.exec, sp.cspan(d_in), sp.span(d_out), c.k, {order, c.variant});
  EXPECT_TRUE(keys_stably_sorted_as(sp.get(d_out), h, desc)) << what;
  EXPECT_TRUE(same_bits(sp.get(d_in), h, what + ": input modified"));
}

// Values are the positions: the result must be the stable sort exactly.
template <class Space, class K, class V = std::uint32_t>
void check_sort_pairs(Space& sp, const std::vector<K>& h, bool desc, sort_call c, const std::string& what,
                      bool in_place = false) {
  const auto order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
  std::vector<V> hv(h.size());
  for (std::size_t i = 0; i < hv.size(); ++i) hv[i] = V(i);
  auto wk = h;
  auto wv = hv;
  reference_sort(wk, wv, desc);
  auto d_k = sp.buf(h);
  auto d_v = sp.buf(hv);
  if (in_place) {
    if (c.adaptive) ordo::sort(sp.exec, sp.span(d_k), sp.span(d_v), {order, c.sort_v});
    else ordo::rough_sort(sp.exec, sp.span(d_k), sp.span(d_v), c.k, {order, c.variant});
    EXPECT_TRUE(same_bits(sp.get(d_k), wk, what + " keys in place"));
    EXPECT_TRUE(same_bits(sp.get(d_v), wv, what + " values in place"));
    return;
  }
  auto d_ko = sp.buf(std::vector<K>(h.size(), K(99)));
  auto d_vo = sp.buf(std::vector<V>(h.size(), V(12345)));
  if (c.adaptive)
    ordo::sort_copy(sp.exec, sp.cspan(d_k), sp.span(d_ko), sp.cspan(d_v), sp.span(d_vo), {order, c.sort_v});
  else
    ordo::rough_sort_copy(sp.exec, sp.cspan(d_k), sp.span(d_ko), sp.cspan(d_v), sp.span(d_vo), c.k, {order, c.variant});
  EXPECT_TRUE(same_bits(sp.get(d_ko), wk, what + " keys"));
  EXPECT_TRUE(same_bits(sp.get(d_vo), wv, what + " values"));
  EXPECT_TRUE(same_bits(sp.get(d_k), h, what + ": input modified"));
}

// Descending inputs for descending sorts: the k-sorted generator's output
// reversed is k-sorted under ordo::greater.
template <class K>
std::vector<K> ksorted_for(bool desc, std::size_t n, std::uint64_t k, std::uint64_t seed, ordo::gen::ksorted_shuffle how) {
  auto v = ordo::gen::ksorted<K>(n, k, seed, how);
  if (desc) std::reverse(v.begin(), v.end());
  return v;
}

// sort_copy and rough_sort_copy whose output is their input, which the front
// door allows (the call then sorts in place; a library sort told in == out
// may not): keys only; keys and values into themselves; one of the two into
// itself and the other apart. Random keys with ties (sort_copy) and k-sorted
// ones (rough_sort_copy, hint 20), both orders, against the stable sort.
template <class Space, class K>
void check_copy_into_itself(Space& sp, std::size_t n, std::uint64_t seed) {
  constexpr std::uint64_t k = 20;
  rng r(seed);
  std::vector<K> random(n);
  for (auto& x : random) x = K(r.below(1u << 12));
  for (bool rough : {false, true})
    for (bool desc : {false, true}) {
      const auto order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
      const auto h = rough ? ksorted_for<K>(desc, n, k, seed, ordo::gen::ksorted_shuffle::blocks) : random;
      std::vector<std::uint32_t> hv(n);
      for (std::size_t i = 0; i < n; ++i) hv[i] = std::uint32_t(i);
      auto wk = h;
      auto wv = hv;
      reference_sort(wk, wv, desc);
      const std::string what = std::string(rough ? "rough_sort_copy" : "sort_copy") + " into itself, " +
                               ordo::type_name<K>() + " n=" + std::to_string(n) + (desc ? " desc" : " asc");
      const auto run_keys = [&](auto kin, auto kout) {
        if (rough) ordo::rough_sort_copy(sp.exec, kin, kout, k, ordo::rough_sort_options{order});
        else ordo::sort_copy(sp.exec, kin, kout, ordo::sort_options{order});
      };
      const auto run_pairs = [&](auto kin, auto kout, auto vin, auto vout) {
        if (rough) ordo::rough_sort_copy(sp.exec, kin, kout, vin, vout, k, ordo::rough_sort_options{order});
        else ordo::sort_copy(sp.exec, kin, kout, vin, vout, ordo::sort_options{order});
      };
      {
        auto d = sp.buf(h);
        run_keys(sp.cspan(d), sp.span(d));
        EXPECT_TRUE(same_bits(sp.get(d), wk, what + ", keys only"));
      }
      for (int shape = 0; shape < 3; ++shape) {  // 0: both into themselves, 1: keys only, 2: values only
        auto dk = sp.buf(h);
        auto dv = sp.buf(hv);
        auto dko = sp.buf(std::vector<K>(n, K(99)));
        auto dvo = sp.buf(std::vector<std::uint32_t>(n, 12345u));
        const bool keys_self = shape != 2, values_self = shape != 1;
        run_pairs(sp.cspan(dk), keys_self ? sp.span(dk) : sp.span(dko), sp.cspan(dv),
                  values_self ? sp.span(dv) : sp.span(dvo));
        const std::string how = what + (shape == 0 ? ", pairs" : shape == 1 ? ", keys into themselves" : ", values into themselves");
        EXPECT_TRUE(same_bits(sp.get(keys_self ? dk : dko), wk, how + ": keys"));
        EXPECT_TRUE(same_bits(sp.get(values_self ? dv : dvo), wv, how + ": values"));
        if (!keys_self) {
          EXPECT_TRUE(same_bits(sp.get(dk), h, how + ": keys_in modified"));
        }
        if (!values_self) {
          EXPECT_TRUE(same_bits(sp.get(dv), hv, how + ": values_in modified"));
        }
      }
    }
}

// rough_sort with the right hint (and a larger one) on k-sorted inputs.
template <class Space, class K>
void check_rough_sort(Space& sp, std::size_t n, ordo::rough_sort_variant variant, std::uint64_t seed,
                      const std::vector<std::uint64_t>& ks) {
  for (std::uint64_t k : ks)
    for (auto how : {ordo::gen::ksorted_shuffle::paper, ordo::gen::ksorted_shuffle::blocks})
      for (bool desc : {false, true}) {
        const auto h = ksorted_for<K>(desc, n, k, seed + k, how);
        const std::string what = "rough_sort " + std::string(ordo::to_string(variant)) + " n=" + std::to_string(n) +
                                 " k=" + std::to_string(k) + (desc ? " desc" : " asc");
        check_sort_keys<Space, K>(sp, h, desc, {false, k, variant}, what);
        check_sort_keys<Space, K>(sp, h, desc, {false, 2 * k + 3, variant}, what + " (hint above the radius)");
        check_sort_pairs<Space, K>(sp, h, desc, {false, k, variant}, what);
      }
}


// A wrong hint: sorted anyway by default; with wrong_radius::raise, an
// errc::invalid_argument naming the radius, and the output left unwritten.
template <class Space, class K>
void check_wrong_hint(Space& sp, std::size_t n, std::uint64_t seed) {
  const auto h = ordo::gen::ksorted<K>(n, 40, seed, ordo::gen::ksorted_shuffle::blocks);
  for (std::uint64_t hint : {0ull, 1ull, 8ull, 39ull}) {
    const std::string what = "hint " + std::to_string(hint) + " for radius 40, n=" + std::to_string(n);
    check_sort_keys<Space, K>(sp, h, false, {false, hint}, what + " (fallback)");
    check_sort_pairs<Space, K>(sp, h, false, {false, hint}, what + " (fallback)");
    auto d_in = sp.buf(h);
    const std::vector<K> poison(n, K(99));
    auto d_out = sp.buf(poison);
    ordo::rough_sort_options o;
    o.on_wrong_k = ordo::wrong_radius::raise;
    try {
      ordo::rough_sort_copy(sp.exec, sp.cspan(d_in), sp.span(d_out), hint, o);
      ADD_FAILURE() << what << ": no error";
    } catch (const ordo::error& e) {
      EXPECT_EQ(e.code(), ordo::errc::invalid_argument) << what;
      EXPECT_NE(std::string(e.what()).find("not " + std::to_string(hint) + "-sorted"), std::string::npos)
          << what << ": " << e.what();
    }
    EXPECT_TRUE(same_bits(sp.get(d_out), poison, what + ": output written"));
    try {  // in place: the keys are left as they were
      ordo::rough_sort(sp.exec, sp.span(d_in), hint, o);
      ADD_FAILURE() << what << ": no error in place";
    } catch (const ordo::error& e) {
      EXPECT_EQ(e.code(), ordo::errc::invalid_argument) << what;
    }
    EXPECT_TRUE(same_bits(sp.get(d_in), h, what + ": keys modified in place"));
  }
}

// The adaptive sort on every kind of input, both orders, keys and pairs.
template <class Space, class K>
void check_adaptive_sort(Space& sp, std::size_t n, std::uint64_t seed, ordo::sort_variant v) {
  for (const auto& [name, h] : radius_inputs<K>(n, seed))
    for (bool desc : {false, true}) {
      const std::string what = "sort " + std::string(ordo::to_string(v)) + " " + name + " n=" + std::to_string(n) +
                               (desc ? " desc" : " asc");
      check_sort_keys<Space, K>(sp, h, desc, {true, 0, {}, v}, what);
      check_sort_pairs<Space, K>(sp, h, desc, {true, 0, {}, v}, what);
    }
}

// Every sort of the header on float keys alone keeps the order of equal
// keys (the docs' promise): the adaptive sort's variants and every
// rough_sort variant with the radius as hint, both orders.
template <class Space, class K>
void check_float_ties(Space& sp, const std::vector<ordo::sort_variant>& sorts,
                      const std::vector<ordo::rough_sort_variant>& roughs, std::size_t max_n = ~std::size_t(0)) {
  for (std::size_t n : float_tie_sizes()) {
    if (n > max_n) continue;
    for (std::uint64_t spread : {0ull, 3ull, 40ull})
      for (bool desc : {false, true}) {
        auto h = float_tie_keys<K>(n, n * 7 + spread, spread);
        if (desc) std::reverse(h.begin(), h.end());
        const std::string what = std::string("float ties ") + ordo::type_name<K>() + " n=" + std::to_string(n) +
                                 " spread=" + std::to_string(spread) + (desc ? " desc" : " asc");
        for (auto v : sorts) check_sort_keys<Space, K>(sp, h, desc, {true, 0, {}, v}, what + " sort " + ordo::to_string(v));
        const auto order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
        const std::uint64_t k = ordo::radius(ordo::cpu{1}, std::span<const K>(h), {order});
        for (auto v : roughs) {
          if (v == ordo::rough_sort_variant::bubble && n > 5000) continue;
          check_sort_keys<Space, K>(sp, h, desc, {false, k, v}, what + " rough_sort " + ordo::to_string(v));
          check_sort_pairs<Space, K>(sp, h, desc, {false, k, v}, what + " rough_sort pairs " + ordo::to_string(v));
        }
      }
  }
}

}  // namespace ordo_test
