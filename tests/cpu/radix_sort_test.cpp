// The CPU radix sort (include/ordo/cpu/sort/) against std::stable_sort by
// ordo::less / ordo::greater: keys alone and with their indices, 1 to 4
// workers, seeded random and adversarial keys (all equal, sorted, reversed,
// NaN, -0.0/+0.0, the integer extremes), sizes 0, 1 and either side of the
// insertion-sort and scheduler thresholds; then the front doors that use it
// (sort, sort_copy, sort_idx, segmented_sort) on the same inputs; radix_sort_copy
// and sort_copy, out of place, leave their input as it was.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <numeric>
#include <random>
#include <vector>

#include "ordo/cpu/sort/radix_sort.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rough_sort.hpp"
#include "ordo/segmented_sort.hpp"

namespace {

template <class K>
std::vector<std::vector<K>> inputs(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 g(seed);
  using L = std::numeric_limits<K>;
  std::vector<std::vector<K>> out;
  std::vector<K> r(n), few(n), eq(n, K(7)), ext(n);
  for (auto& x : r) {
    if constexpr (std::is_floating_point_v<K>) x = K(std::int64_t(g()) >> 20) / K(1024);
    else x = K(g());
  }
  for (auto& x : few) x = K(g() % 5);
  const K specials[] = {L::lowest(), L::max(), K(0), K(1), L::min()};
  for (std::size_t i = 0; i < n; ++i) ext[i] = specials[g() % 5];
  if constexpr (std::is_floating_point_v<K>) {
    for (std::size_t i = 0; i < n; ++i) {
      const std::uint64_t c = g() % 8;
      if (c == 0) ext[i] = L::quiet_NaN();
      else if (c == 1) ext[i] = -L::quiet_NaN();
      else if (c == 2) ext[i] = K(-0.0);
      else if (c == 3) ext[i] = L::infinity();
      else if (c == 4) ext[i] = -L::infinity();
    }
  }
  std::vector<K> sorted = r, rev = r;
  std::sort(sorted.begin(), sorted.end(), ordo::less{});
  std::sort(rev.begin(), rev.end(), ordo::greater{});
  // Half the keys one value, half random: one bucket of the MSD split holds
  // over 1/w of the range (split again on all workers), the rest are small.
  std::vector<K> half = r;
  for (std::size_t i = 0; i < n; i += 2) half[i] = K(3);
  return {r, few, eq, ext, sorted, rev, half};
}

template <class K>
bool same_bits(const std::vector<K>& a, const std::vector<K>& b) {
  return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(K)) == 0);
}

template <class K>
void check_all(std::size_t n) {
  std::uint64_t seed = n * 31 + sizeof(K);
  for (const auto& in : inputs<K>(n, seed++))
    for (bool desc : {false, true})
      for (int w : {1, 2, 4}) {
        SCOPED_TRACE(::testing::Message() << "n=" << n << " desc=" << desc << " workers=" << w);
        std::vector<std::uint32_t> ref(n);
        std::iota(ref.begin(), ref.end(), 0u);
        std::stable_sort(ref.begin(), ref.end(), [&](std::uint32_t a, std::uint32_t b) {
          return desc ? ordo::greater{}(in[a], in[b]) : ordo::less{}(in[a], in[b]);
        });
        std::vector<K> ref_keys(n);
        for (std::size_t i = 0; i < n; ++i) ref_keys[i] = in[ref[i]];
        std::vector<K> keys = in;  // keys alone
        ordo::detail::radix_sort<K, void>(w, keys.data(), nullptr, n, desc);
        EXPECT_TRUE(same_bits(keys, ref_keys));
        keys = in;  // with indices: the stable permutation, bit for bit
        std::vector<std::uint32_t> idx(n);
        std::iota(idx.begin(), idx.end(), 0u);
        ordo::detail::radix_sort(w, keys.data(), idx.data(), n, desc);
        EXPECT_EQ(idx, ref);
        EXPECT_TRUE(same_bits(keys, ref_keys));
        // out of place: from `in`, which is only read, into fresh buffers
        const std::vector<K> before = in;
        std::vector<K> out(n);
        ordo::detail::radix_sort_copy<K, void>(w, in.data(), nullptr, out.data(), nullptr, n, desc);
        EXPECT_TRUE(same_bits(out, ref_keys));
        std::vector<std::uint32_t> iota_idx(n), out_idx(n);
        std::iota(iota_idx.begin(), iota_idx.end(), 0u);
        ordo::detail::radix_sort_copy(w, in.data(), iota_idx.data(), out.data(), out_idx.data(), n, desc);
        EXPECT_EQ(out_idx, ref);
        EXPECT_TRUE(same_bits(out, ref_keys));
        EXPECT_TRUE(same_bits(in, before));
        // front doors at w threads
        const ordo::cpu exec{w};
        const ordo::sort_options so{desc ? ordo::sort_order::descending : ordo::sort_order::ascending};
        keys = in;
        ordo::sort(exec, std::span<K>(keys), so);
        EXPECT_TRUE(same_bits(keys, ref_keys));
        std::fill(out.begin(), out.end(), K(1));
        ordo::sort_copy(exec, std::span<const K>(in), std::span<K>(out), so);
        EXPECT_TRUE(same_bits(out, ref_keys));
        ordo::sort_copy(exec, std::span<const K>(in), std::span<K>(out), std::span<const std::uint32_t>(iota_idx),
                        std::span<std::uint32_t>(out_idx), so);
        EXPECT_EQ(out_idx, ref);
        EXPECT_TRUE(same_bits(out, ref_keys));
        EXPECT_TRUE(same_bits(in, before));
        std::vector<std::uint32_t> perm(n);
        std::vector<K> sk(n);
        if (desc)
          ordo::sort_idx(exec, std::span<const K>(in), std::span<std::uint32_t>(perm), std::span<K>(sk),
                         ordo::greater{});
        else ordo::sort_idx(exec, std::span<const K>(in), std::span<std::uint32_t>(perm), std::span<K>(sk));
        EXPECT_EQ(perm, ref);
        EXPECT_TRUE(same_bits(sk, ref_keys));
      }
}

// Sizes: 0, 1, the insertion-sort threshold +-1, the scheduler's +-1, the
// parallel split's +-1, larger.
std::vector<std::size_t> sizes() {
  const std::size_t s = ordo::detail::radix_small_n, t = ordo::detail::sched::serial_below,
                    p = ordo::detail::radix_parallel_n;
  return {0, 1, 2, s - 1, s, s + 1, 1000, t - 1, t, t + 1, p - 1, p + 1, 100003};
}

TEST(RadixSortCpu, Int32) { for (auto n : sizes()) check_all<std::int32_t>(n); }
TEST(RadixSortCpu, Uint64) { for (auto n : sizes()) check_all<std::uint64_t>(n); }
TEST(RadixSortCpu, Float) { for (auto n : sizes()) check_all<float>(n); }
#ifndef ORDO_TEST_LEAN_TYPES  // the sanitizer build: one key of each kind (common/type_lists.hpp)
TEST(RadixSortCpu, Uint32) { for (auto n : sizes()) check_all<std::uint32_t>(n); }
TEST(RadixSortCpu, Int64) { for (auto n : sizes()) check_all<std::int64_t>(n); }
TEST(RadixSortCpu, Double) { for (auto n : sizes()) check_all<double>(n); }
#endif
// Past the in-cache size (radix_cache_bytes): a worker's range is split
// again by MSD before its LSD passes; one 32- and one 64-bit key.
TEST(RadixSortCpu, PastTheCacheSize) {
  check_all<std::uint32_t>(ordo::detail::radix_cache_bytes / 4 + 7);
  check_all<double>(ordo::detail::radix_cache_bytes / 8 + 7);
}

// Past radix_stream_bytes the parallel level scatters a cache line at a time
// (streaming stores where the line is aligned): uint32 keys with their
// indices (values copied beside the lines), and keys alone, in place and
// out of place, against std::stable_sort.
TEST(RadixSortCpu, ScatterByLines) {
  const std::size_t n = ordo::detail::radix_stream_bytes / 4 + 7;
  std::mt19937 g(11);
  std::vector<std::uint32_t> in(n);
  for (auto& x : in) x = std::uint32_t(g()) >> (g() % 4 == 0 ? 20 : 0);  // ties in a few buckets
  // The reference: (key, index) packed in 64 bits and sorted, which is the
  // stable order (a stable_sort with an indirect comparator took most of
  // this test's 52 s under ASan).
  std::vector<std::uint64_t> packed(n);
  for (std::size_t i = 0; i < n; ++i) packed[i] = std::uint64_t(in[i]) << 32 | i;
  std::sort(packed.begin(), packed.end());
  std::vector<std::uint32_t> ref(n), ref_keys(n);
  for (std::size_t i = 0; i < n; ++i) {
    ref[i] = std::uint32_t(packed[i]);
    ref_keys[i] = std::uint32_t(packed[i] >> 32);
  }
  for (int w : {2, 3}) {
    SCOPED_TRACE(::testing::Message() << "workers=" << w);
    std::vector<std::uint32_t> keys = in, idx(n), out(n), out_idx(n);
    std::iota(idx.begin(), idx.end(), 0u);
    const std::vector<std::uint32_t> iota_idx = idx;
    ordo::detail::radix_sort(w, keys.data(), idx.data(), n, false);
    EXPECT_EQ(keys, ref_keys);
    EXPECT_EQ(idx, ref);
    ordo::detail::radix_sort_copy(w, in.data(), iota_idx.data(), out.data(), out_idx.data(), n, false);
    EXPECT_EQ(out, ref_keys);
    EXPECT_EQ(out_idx, ref);
    ordo::detail::radix_sort_copy<std::uint32_t, void>(w, in.data(), nullptr, out.data(), nullptr, n, false);
    EXPECT_EQ(out, ref_keys);
  }
}

// sort_copy's output is its input (in place) or apart from it: a partial
// overlap is refused before anything is written.
TEST(RadixSortCpu, SortCopyOverlap) {
  std::vector<std::int32_t> v(100000);
  std::mt19937 g(3);
  for (auto& x : v) x = std::int32_t(g());
  std::vector<std::int32_t> ref = v;
  std::sort(ref.begin(), ref.end());
  const std::vector<std::int32_t> before = v;
  const std::span<std::int32_t> all(v);
  for (std::size_t shift : {std::size_t(1), std::size_t(49999)}) {  // overlaps of n - 1 and of 2 keys
    EXPECT_THROW(ordo::sort_copy(ordo::cpu{2}, std::span<const std::int32_t>(all.first(v.size() - shift)),
                                 all.last(v.size() - shift)),
                 ordo::error);
    EXPECT_THROW(ordo::sort_copy(ordo::cpu{2}, std::span<const std::int32_t>(all.last(v.size() - shift)),
                                 all.first(v.size() - shift)),
                 ordo::error);
    EXPECT_THROW(ordo::rough_sort_copy(ordo::cpu{2}, std::span<const std::int32_t>(all.first(v.size() - shift)),
                                       all.last(v.size() - shift), 3),
                 ordo::error);
  }
  EXPECT_EQ(v, before);
  ordo::sort_copy(ordo::cpu{2}, std::span<const std::int32_t>(all), all);  // the same span: in place
  EXPECT_EQ(v, ref);
}

// Segments of every length class, radix per segment and in parallel for the
// long ones, against std::stable_sort per segment.
TEST(RadixSortCpu, SegmentedSortWithValues) {
  std::mt19937_64 g(5);
  std::vector<std::uint64_t> off{0};
  for (std::uint64_t len : {0, 1, 2, 63, 64, 65, 3000, 0, 70000, 5, 200000, 1})
    off.push_back(off.back() + len);
  const std::size_t n = off.back();
  std::vector<float> keys(n);
  for (auto& k : keys) k = float(int(g() % 300) - 150);
  keys[10] = -0.0f;
  keys[11] = std::numeric_limits<float>::quiet_NaN();
  std::vector<std::uint32_t> vals(n);
  std::iota(vals.begin(), vals.end(), 0u);
  for (bool desc : {false, true})
    for (int w : {1, 3}) {
      std::vector<float> ko(n), rk(n);
      std::vector<std::uint32_t> vo(n), rv(n);
      ordo::segmented_sort_options o;
      o.order = desc ? ordo::sort_order::descending : ordo::sort_order::ascending;
      ordo::segmented_sort(ordo::cpu{w}, std::span<const float>(keys), std::span<float>(ko),
                           std::span<const std::uint32_t>(vals), std::span<std::uint32_t>(vo),
                           ordo::by_offsets(std::span<const std::uint64_t>(off)), o);
      for (std::size_t s = 0; s + 1 < off.size(); ++s) {
        std::vector<std::uint32_t> p(vals.begin() + off[s], vals.begin() + off[s + 1]);
        std::stable_sort(p.begin(), p.end(), [&](std::uint32_t a, std::uint32_t b) {
          return desc ? ordo::greater{}(keys[a], keys[b]) : ordo::less{}(keys[a], keys[b]);
        });
        for (std::size_t i = 0; i < p.size(); ++i) rv[off[s] + i] = p[i], rk[off[s] + i] = keys[p[i]];
      }
      EXPECT_EQ(vo, rv) << "desc=" << desc << " w=" << w;
      EXPECT_TRUE(same_bits(ko, rk)) << "desc=" << desc << " w=" << w;
    }
}

}  // namespace
