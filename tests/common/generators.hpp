// Seeded key generators for the ranking tests, for all six key types.
// Deterministic on every platform: std::mt19937_64 is fully specified and the
// conversions to [0, 1) and to an index are written out here, not left to the
// standard library's distributions.
//
//   sorted_with_ties  the benchmark protocol: d[0] = 0, d[i] = d[i-1] + (u < p ? 0 : 1)
//   random_keys       unsorted, uniform over `distinct` values spread over the type's range
//   all_equal, all_distinct, runs_of, long_run          sorted adversarial shapes
//   special_values, with_specials, with_nans, signed_zeros, denormals   unsorted edge values
//   sort_ascending (NaN last), sort_descending (NaN first)
//   every_value_of, few_code_floats   keys of few order codes (counting rank)
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <type_traits>
#include <vector>

namespace ordo_test {

class rng {
 public:
  explicit rng(std::uint64_t seed) : g_(seed) {}
  double uniform() { return double(g_() >> 11) * 0x1.0p-53; }  // [0, 1)
  std::uint64_t below(std::uint64_t n) {                        // [0, n), n >= 1
    return std::uint64_t(uniform() * double(n)) % n;
  }

 private:
  std::mt19937_64 g_;
};

template <class K>
bool key_is_nan(K k) {
  if constexpr (std::is_floating_point_v<K>) return std::isnan(k);
  else return false;
}

// The benchmark protocol's sorted keys with ties: a new value with
// probability 1 - p. Floating keys take the same integers, converted.
template <class K>
std::vector<K> sorted_with_ties(std::size_t n, double p, std::uint64_t seed) {
  std::vector<K> out(n);
  rng r(seed);
  std::uint64_t d = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (i > 0) d += r.uniform() < p ? 0 : 1;
    out[i] = K(d);
  }
  return out;
}

// The j-th of `distinct` strictly increasing values spread over K's range
// (the whole range for integers, [-1e30, 1e30] for floating keys).
template <class K>
K spread_value(std::uint64_t j, std::uint64_t distinct) {
  if constexpr (std::is_floating_point_v<K>) {
    if (distinct <= 1) return K(0);
    const double step = 2e30 / double(distinct - 1);
    return K(-1e30 + double(j) * step);
  } else {
    using U = std::make_unsigned_t<K>;
    const U span = U(U(std::numeric_limits<K>::max()) - U(std::numeric_limits<K>::lowest()));
    const U step = distinct <= 1 ? U(0) : U(span / U(distinct - 1));
    return K(U(U(std::numeric_limits<K>::lowest()) + U(j) * step));
  }
}

// n keys of a narrow integer type K from a linear congruential sequence's
// top bits: every value of K, in no order.
template <class K>
std::vector<K> every_value_of(std::size_t n, std::uint64_t seed) {
  std::vector<K> out(n);
  std::uint64_t x = seed;
  for (std::size_t i = 0; i < n; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    out[i] = K(x >> 40);
  }
  return out;
}

// Floats of a few hundred order codes across the sign: denormals k * 2^-149
// for |k| < 400, both zeros (-0.0 ties +0.0), and NaN every 13th.
inline std::vector<float> few_code_floats(std::size_t n) {
  std::vector<float> f(n);
  const float tiny = std::numeric_limits<float>::denorm_min();
  for (std::size_t i = 0; i < n; ++i) {
    const int k = int(i * 7919 % 799) - 399;
    f[i] = k == 0 ? (i % 2 ? -0.0f : 0.0f) : float(k) * tiny;
  }
  for (std::size_t i = 0; i < n; i += 13) f[i] = std::numeric_limits<float>::quiet_NaN();
  return f;
}

// Unsorted keys drawn uniformly from `distinct` values (distinct >= 1).
template <class K>
std::vector<K> random_keys(std::size_t n, std::uint64_t distinct, std::uint64_t seed) {
  std::vector<K> out(n);
  rng r(seed);
  for (auto& k : out) k = spread_value<K>(r.below(distinct), distinct);
  return out;
}

template <class K>
void shuffle_keys(std::vector<K>& v, std::uint64_t seed) {  // Fisher-Yates
  rng r(seed);
  for (std::size_t i = v.size(); i > 1; --i) std::swap(v[i - 1], v[r.below(i)]);
}

template <class K>
std::vector<K> all_equal(std::size_t n, K value = K(7)) {
  return std::vector<K>(n, value);
}

// n different values, ascending.
template <class K>
std::vector<K> all_distinct(std::size_t n) {
  std::vector<K> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = spread_value<K>(i, n);
  return out;
}

// Ascending runs of exactly `len` equal keys (the last may be shorter).
template <class K>
std::vector<K> runs_of(std::size_t n, std::size_t len) {
  std::vector<K> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = K(i / len);
  return out;
}

// Ascending distinct keys but for one run of `len` equal keys from `begin`.
template <class K>
std::vector<K> long_run(std::size_t n, std::size_t begin, std::size_t len) {
  std::vector<K> out(n);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = K(i < begin ? i : i < begin + len ? begin : i - len + 1);
  return out;
}

template <class F, class Bits>
F float_from_bits(Bits b) {
  static_assert(sizeof(F) == sizeof(Bits));
  F f;
  std::memcpy(&f, &b, sizeof f);
  return f;
}

// Several NaNs: quiet, negative, and with payloads.
template <class K>
std::vector<K> nan_values() {
  static_assert(std::is_floating_point_v<K>);
  const K q = std::numeric_limits<K>::quiet_NaN();
  if constexpr (sizeof(K) == 4)
    return {q, -q, float_from_bits<K>(std::uint32_t(0x7fc00123u)), float_from_bits<K>(std::uint32_t(0xffc0beefu))};
  else
    return {q, -q, float_from_bits<K>(std::uint64_t(0x7ff8000000000123ull)),
            float_from_bits<K>(std::uint64_t(0xfff80000deadbeefull))};
}

// Extremes and edge values of K: limits, zero, neighbours; for floating keys
// also -0.0, denormals, +-inf and several NaNs.
template <class K>
std::vector<K> special_values() {
  using L = std::numeric_limits<K>;
  std::vector<K> v{L::lowest(), L::max(), K(0), K(1), K(L::max() - 1), K(L::lowest() + 1)};
  if constexpr (std::is_signed_v<K>) v.push_back(K(-1));
  if constexpr (std::is_floating_point_v<K>) {
    v.insert(v.end(), {K(-0.0), L::min(), K(-L::min()), L::denorm_min(), K(-L::denorm_min()),
                       K(L::min() / 2), L::infinity(), K(-L::infinity()), K(0.5), K(-0.5)});
    for (K nan : nan_values<K>()) v.push_back(nan);
  } else {
    v.push_back(L::min());
  }
  return v;
}

// Unsorted: each key is a special value with probability `share`, else one of
// `distinct` ordinary values.
template <class K>
std::vector<K> with_specials(std::size_t n, double share, std::uint64_t distinct, std::uint64_t seed) {
  const std::vector<K> sp = special_values<K>();
  std::vector<K> out(n);
  rng r(seed);
  for (auto& k : out)
    k = r.uniform() < share ? sp[r.below(sp.size())] : spread_value<K>(r.below(distinct), distinct);
  return out;
}

// Unsorted floating keys with exactly `nans` NaNs (of several kinds) at random places.
template <class K>
std::vector<K> with_nans(std::size_t n, std::size_t nans, std::uint64_t distinct, std::uint64_t seed) {
  std::vector<K> out = random_keys<K>(n, distinct, seed);
  const std::vector<K> nv = nan_values<K>();
  for (std::size_t i = 0; i < nans && i < n; ++i) out[i] = nv[i % nv.size()];
  shuffle_keys(out, seed + 1);
  return out;
}

// Unsorted mix of -0.0 and +0.0 with a few +-1.
template <class K>
std::vector<K> signed_zeros(std::size_t n, std::uint64_t seed) {
  const K pool[] = {K(-0.0), K(0.0), K(-0.0), K(0.0), K(1), K(-1)};
  std::vector<K> out(n);
  rng r(seed);
  for (auto& k : out) k = pool[r.below(6)];
  return out;
}

// Unsorted denormals (a few distinct, both signs) with zeros and the smallest normals.
template <class K>
std::vector<K> denormals(std::size_t n, std::uint64_t seed) {
  using L = std::numeric_limits<K>;
  const K d = L::denorm_min();
  const K pool[] = {d, -d, K(d * 2), K(-d * 2), K(L::min() / 2), K(-L::min() / 2), K(0.0), K(-0.0), L::min(), K(-L::min())};
  std::vector<K> out(n);
  rng r(seed);
  for (auto& k : out) k = pool[r.below(10)];
  return out;
}

// Sorted copies as rank_sorted expects them: ascending with NaN last,
// descending with NaN first. Equal keys keep their input order.
template <class K>
std::vector<K> sort_ascending(std::vector<K> v) {
  std::stable_sort(v.begin(), v.end(), [](K a, K b) {
    return !key_is_nan(a) && (key_is_nan(b) || a < b);
  });
  return v;
}

template <class K>
std::vector<K> sort_descending(std::vector<K> v) {
  std::stable_sort(v.begin(), v.end(), [](K a, K b) {
    if (key_is_nan(a) || key_is_nan(b)) return key_is_nan(a) && !key_is_nan(b);
    return b < a;
  });
  return v;
}

}  // namespace ordo_test
