// Successor arrays the list-ranking suites run over (CPU and GPU alike):
// random, ordered and reversed lists of sizes around warp, block and splitter
// boundaries, forests from one list to all singletons, and layouts that
// defeat index-based splitters. Stored as uint64 with ~0 as the end marker;
// `as_index` converts to the type under test.
#pragma once
#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"
#include "ordo/ops.hpp"

namespace ordo_test {

struct list_case {
  std::string name;
  std::vector<std::uint64_t> succ;
};

inline std::vector<std::uint64_t> strided_list(std::size_t n, std::size_t stride) {
  // Visits 0, stride, 2*stride, ..., then 1, 1+stride, ...: every node an
  // equidistant splitter scheme picks comes first, and one sublist is huge.
  std::vector<std::uint64_t> order;
  for (std::size_t r = 0; r < stride; ++r)
    for (std::size_t i = r; i < n; i += stride) order.push_back(i);
  std::vector<std::uint64_t> succ(n, ~std::uint64_t(0));
  for (std::size_t k = 0; k + 1 < order.size(); ++k) succ[order[k]] = order[k + 1];
  return succ;
}

// Runs of consecutive indices (succ[i] == i + 1) of 1..max_run nodes, the
// runs linked in a random order: what appending builds, and what GPU run
// contraction is for. `lists` > 1 cuts the chain of runs into that many lists.
inline std::vector<std::uint64_t> runs_list(std::size_t n, std::size_t max_run, std::size_t lists, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> runs;  // [first, last]
  for (std::uint64_t i = 0; i < n;) {
    const std::uint64_t len = std::min<std::uint64_t>(n - i, 1 + rng() % max_run);
    runs.push_back({i, i + len - 1});
    i += len;
  }
  std::shuffle(runs.begin(), runs.end(), rng);
  std::vector<std::uint64_t> succ(n, ~std::uint64_t(0));
  for (std::size_t k = 0; k < runs.size(); ++k) {
    for (std::uint64_t i = runs[k].first; i < runs[k].second; ++i) succ[i] = i + 1;
    if (k + 1 < runs.size() && (k + 1) % ((runs.size() + lists - 1) / lists) != 0) succ[runs[k].second] = runs[k + 1].first;
  }
  return succ;
}

inline std::vector<list_case> list_cases(bool large = true) {
  using ordo::gen::ordered_list;
  using ordo::gen::random_forest;
  using ordo::gen::random_list;
  std::vector<list_case> c;
  std::vector<std::size_t> sizes = {0, 1, 2, 3, 31, 32, 33, 255, 256, 257, 1000, 1023, 1025, 4097};
  if (large) sizes.insert(sizes.end(), {65537, 200000});
  for (std::size_t n : sizes) c.push_back({"random_" + std::to_string(n), random_list<std::uint64_t>(n, 7 + n)});
  for (std::size_t n : {std::size_t(5), std::size_t(1000), std::size_t(large ? 300000 : 5000)}) {
    c.push_back({"ordered_" + std::to_string(n), ordered_list<std::uint64_t>(n)});
    std::vector<std::uint64_t> rev(n);
    for (std::size_t i = 0; i < n; ++i) rev[i] = i == 0 ? ~std::uint64_t(0) : i - 1;
    c.push_back({"reversed_" + std::to_string(n), rev});
  }
  const std::size_t fn = large ? 100000 : 5000;
  for (std::size_t lists : {std::size_t(2), std::size_t(37), std::size_t(1000), fn / 2, fn})
    c.push_back({"forest_" + std::to_string(fn) + "x" + std::to_string(lists), random_forest<std::uint64_t>(fn, lists, lists)});
  c.push_back({"strided_256", strided_list(large ? 70000 : 7000, 256)});
  const std::size_t rn = large ? 150000 : 6000;
  c.push_back({"runs_of_1_to_64", runs_list(rn, 64, 1, 3)});
  c.push_back({"runs_of_1_to_3", runs_list(rn, 3, 1, 4)});
  c.push_back({"runs_of_1_to_5000_x7_lists", runs_list(rn, 5000, 7, 5)});
  c.push_back({"ordered_lists_of_100", runs_list(rn, 100, rn, 6)});
  c.push_back({"strided_32", strided_list(5000, 32)});
  return c;
}

template <class Index>
std::vector<Index> as_index(const std::vector<std::uint64_t>& s) {
  std::vector<Index> out(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) out[i] = static_cast<Index>(s[i]);
  return out;
}

// Calls f.template operator()<Index, Rank>() for every pair of the four
// integer types the list functions take.
template <class F>
void for_each_index_rank(F&& f) {
  auto ranks = [&]<class I>() {
    f.template operator()<I, std::int32_t>();
    f.template operator()<I, std::uint32_t>();
    f.template operator()<I, std::int64_t>();
    f.template operator()<I, std::uint64_t>();
  };
  ranks.template operator()<std::int32_t>();
  ranks.template operator()<std::uint32_t>();
  ranks.template operator()<std::int64_t>();
  ranks.template operator()<std::uint64_t>();
}

// Seeded values for list_scan: small integers, so that sums are exact in any
// order even for float.
template <class T>
std::vector<T> scan_values(std::size_t n, std::uint64_t seed) {
  std::vector<T> v(n);
  std::uint64_t s = seed;
  for (auto& x : v) {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    x = static_cast<T>((s >> 33) % 1000);
    if constexpr (std::is_signed_v<T>) x = static_cast<T>(x - T(500));
  }
  return v;
}

// Bad inputs: each breaks exactly one rule.
inline std::vector<list_case> bad_list_cases() {
  const std::uint64_t e = ~std::uint64_t(0);
  std::vector<list_case> c;
  c.push_back({"out_of_range", {1, 2, 7, e}});
  c.push_back({"out_of_range_late", {1, 2, 3, e, 4, 100}});
  c.push_back({"negative", {1, e - 6, e}});  // -7 for signed indices: reported as -7, not 2^64 - 7
  c.push_back({"shared_successor", {2, 2, e}});
  c.push_back({"rho", {1, 2, 3, 1}});  // 0 -> 1 -> 2 -> 3 -> 1: node 1 has two predecessors
  c.push_back({"self_loop", {e, 1}});
  c.push_back({"pure_cycle", {1, 2, 0}});
  c.push_back({"cycle_beside_list", {1, e, 3, 4, 2}});
  auto big = ordo::gen::random_list<std::uint64_t>(50000, 3);
  // Close the big list into a cycle: its tail points to its head.
  std::vector<char> has_pred(big.size(), 0);
  std::uint64_t tail = 0, head = 0;
  for (std::uint64_t i = 0; i < big.size(); ++i) {
    if (big[i] == e) tail = i;
    else has_pred[big[i]] = 1;
  }
  while (has_pred[head]) ++head;
  auto cyc = big;
  cyc[tail] = head;
  c.push_back({"big_cycle", cyc});
  auto ordered_cycle = ordo::gen::ordered_list<std::uint64_t>(50000);
  ordered_cycle.back() = 0;
  c.push_back({"ordered_cycle", ordered_cycle});
  // A shared successor in a list long enough for several threads, whose two
  // predecessors lie in different threads' blocks (the CPU's byte marks must
  // see it by their count and fall back to the 2-bit marks).
  std::uint64_t a = 7;
  while (big[a] == e || big[a] == 49000) ++a;
  auto shared = big;
  shared[49000] = big[a];
  c.push_back({"big_shared_successor", shared});
  c.push_back({"run_into_middle", {1, 2, 3, 4, 5, 6, 7, 8, 9, 5}});  // 9 -> 5: node 5 has two predecessors
  c.push_back({"cycle_of_runs", {1, 2, 6, 4, 5, e, 7, 0}});            // 0 1 2 -> 6 7 -> 0, and 3 4 5 alone
  auto two = ordo::gen::random_forest<std::uint64_t>(50000, 2, 5);
  c.push_back({"two_lists", two});
  return c;
}

// The (value type, operator) pairs the list_scan suites run on every case:
// f(T{}, op) for each.
template <class F>
void for_each_scan_type_and_op(F&& f) {
  f(std::int32_t{}, ordo::plus{});
  f(std::int32_t{}, ordo::minimum{});
  f(std::uint64_t{}, ordo::maximum{});
  f(double{}, ordo::plus{});
  f(float{}, ordo::maximum{});
  f(std::int64_t{}, ordo::minimum{});
  f(std::uint32_t{}, ordo::plus{});
  f(float{}, ordo::plus{});
}

}  // namespace ordo_test
