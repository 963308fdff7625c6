// Seeded generators of k-sorted sequences (seed 002 §8) whose radius is
// exactly min(k, n - 1) (given at least two distinct values where needed):
//
//   ksorted_shuffle::paper   §8: sorted random values, swap a_p and a_q with
//                            q - p = k, then shuffle consecutive disjoint runs
//                            of at most k + 1 elements. The runs are cut so
//                            that none covers p or q (so that the radius is
//                            exactly k, which §8 leaves to chance).
//   ksorted_shuffle::blocks  disjoint blocks of k + 1 shuffled, and in one
//                            block its largest element moved to the front and
//                            its smallest to the back.
//
// The sorted values are a running sum of random gaps in [0, 3] (so ties
// occur), converted to Key. Same seed, same output, on every machine.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

namespace ordo::gen {

enum class ksorted_shuffle { paper, blocks };

namespace detail {

inline std::uint64_t splitmix64(std::uint64_t& s) {
  std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

// Fisher-Yates over [first, last) with a generator seeded by (seed, run).
template <class Key>
void shuffle_run(Key* first, Key* last, std::uint64_t seed, std::uint64_t run) {
  std::uint64_t s = seed ^ (run * 0xd1b54a32d192ed03ull);
  for (std::int64_t i = (last - first) - 1; i > 0; --i) std::swap(first[i], first[splitmix64(s) % std::uint64_t(i + 1)]);
}

// Shuffles [b, e) as consecutive runs of at most len, in parallel.
template <class Key>
void shuffle_runs(Key* a, std::uint64_t b, std::uint64_t e, std::uint64_t len, std::uint64_t seed) {
  if (e <= b || len < 2) return;
  const std::int64_t runs = std::int64_t((e - b + len - 1) / len);
#pragma omp parallel for schedule(static) if (runs > 4096)
  for (std::int64_t r = 0; r < runs; ++r) {
    const std::uint64_t s = b + std::uint64_t(r) * len;
    shuffle_run(a + s, a + std::min(e, s + len), seed, b + std::uint64_t(r));
  }
}

}  // namespace detail

template <class Key>
std::vector<Key> sorted_values(std::uint64_t n, std::uint64_t seed) {
  std::vector<Key> v(n);
  std::uint64_t s = seed, sum = 0, bits = 0;
  for (std::uint64_t i = 0; i < n; ++i) {
    if ((i & 31) == 0) bits = detail::splitmix64(s);
    sum += (bits >> (2 * (i & 31))) & 3;
    v[i] = Key(sum);
  }
  return v;
}

template <class Key>
std::vector<Key> ksorted(std::uint64_t n, std::uint64_t k, std::uint64_t seed,
                         ksorted_shuffle how = ksorted_shuffle::paper) {
  std::vector<Key> a = sorted_values<Key>(n, seed);
  if (n < 2 || k == 0) return a;
  k = std::min(k, n - 1);
  std::uint64_t s = seed ^ 0x5851f42d4c957f2dull;
  Key* p = a.data();
  if (how == ksorted_shuffle::paper) {
    // p with a_p < a_{p+k}, so that the swap makes a pair k apart.
    std::uint64_t i = detail::splitmix64(s) % (n - k);
    for (std::uint64_t tries = 0; tries < n - k && !(a[i] < a[i + k]); ++tries) i = (i + 1) % (n - k);
    const std::uint64_t q = i + k;
    std::swap(a[i], a[q]);
    detail::shuffle_runs(p, 0, i, k + 1, seed);
    detail::shuffle_runs(p, i + 1, q, k + 1, seed);
    detail::shuffle_runs(p, q + 1, n, k + 1, seed);
  } else {
    detail::shuffle_runs(p, 0, n, k + 1, seed);
    // One full block with distinct extremes gets its max first, its min last.
    const std::uint64_t blocks = n / (k + 1);
    std::uint64_t bi = detail::splitmix64(s) % blocks;
    for (std::uint64_t tries = 0; tries < blocks; ++tries, bi = (bi + 1) % blocks) {
      Key* b = p + bi * (k + 1);
      Key* e = b + k + 1;
      auto [mn, mx] = std::minmax_element(b, e);
      if (!(*mn < *mx)) continue;
      std::iter_swap(b, mx);
      mn = std::min_element(b + 1, e);  // the max left position 0
      std::iter_swap(e - 1, mn);
      break;
    }
  }
  return a;
}

}  // namespace ordo::gen
