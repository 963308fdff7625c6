// The inputs and checks shared by the distributed suites (tests/mpi over
// ordo::mpi, tests/nccl over ordo::nccl): every process builds the same global
// input from one seed, takes its slice and compares its slice of the result
// with the single-process reference's.
#pragma once
#include <cmath>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <limits>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "ordo/error.hpp"
#include "ordo/global_index.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rank.hpp"
#include "ordo/types.hpp"

namespace ordo_test::dist {

// Local sizes of np processes summing to n, by pattern: 0 equal (the
// remainder on the first), 1 every other process empty, 2 everything on the
// last process, else a random split.
inline std::vector<std::uint64_t> sizes_for(int pattern, std::uint64_t n, int np, std::mt19937_64& g) {
  std::vector<std::uint64_t> s(np, 0);
  switch (pattern) {
    case 0:
      for (int q = 0; q < np; ++q) s[q] = n / np + (q < int(n % np));
      break;
    case 1: {
      const int full = (np + 1) / 2;
      for (int q = 0, k = 0; q < np; ++q)
        if (q % 2 == 0) s[q] = n / full + (k++ < int(n % full));
      break;
    }
    case 2:
      s[np - 1] = n;
      break;
    default: {
      std::uint64_t left = n;
      for (int q = 0; q < np - 1; ++q) {
        s[q] = left ? g() % (left + 1) : 0;
        left -= s[q];
      }
      s[np - 1] = left;
    }
  }
  return s;
}

inline constexpr const char* gen_names[] = {"random", "few_distinct", "all_equal",         "hot_key",
                                            "sorted", "reverse",      "per_process_range", "nan_zero"};
inline constexpr int n_gens = 8;

// n keys of generator gen (gen_names) laid out over np processes by sizes.
template <class Key>
std::vector<Key> make_keys(int gen, std::uint64_t n, const std::vector<std::uint64_t>& sizes, int np,
                           std::mt19937_64& g) {
  std::vector<Key> k(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    std::int64_t v = 0;
    switch (gen) {
      case 0: v = std::int64_t(g() % 1000000) - 500000; break;
      case 1: v = std::int64_t(g() % 5); break;
      case 2: v = 7; break;
      case 3: v = g() % 10 ? 42 : std::int64_t(g() % 100); break;
      case 4: v = std::int64_t(i / 3); break;
      case 5: v = std::int64_t(n - i / 2); break;
      case 6: {  // the processes hold disjoint ranges, in reverse process order
        std::uint64_t q = 0, start = 0;
        while (q + 1 < sizes.size() && i >= start + sizes[q]) start += sizes[q++];
        v = std::int64_t((np - q) * 1000 + g() % 1000);
        break;
      }
      default: v = std::int64_t(g() % 7) - 3; break;
    }
    k[i] = Key(v);
    if constexpr (std::is_floating_point_v<Key>) {
      if (gen == 7) {
        const std::uint64_t r = g() % 8;
        if (r == 0) k[i] = std::numeric_limits<Key>::quiet_NaN();
        else if (r == 1) k[i] = -Key(0);
        else if (r == 2) k[i] = Key(0);
        else if (r == 3) k[i] = -std::numeric_limits<Key>::infinity();
      }
    }
  }
  return k;
}

// f(gen, pattern, n) for every generator and layout at each size n (from
// 1000 keys on, the even and random layouts only: the small sizes cover the rest).
template <class F>
void for_each_case(std::initializer_list<std::uint64_t> sizes, F&& f) {
  for (std::uint64_t n : sizes)
    for (int gen = 0; gen < n_gens; ++gen)
      for (int pattern = 0; pattern < 4; ++pattern)
        if (n < 1000 || pattern == 0 || pattern == 3) f(gen, pattern, n);
}

// One case as process `me` of np sees it: the whole input (every process
// builds the same from the seed), this process's slice and its offset.
template <class Key>
struct slice_case {
  std::vector<std::uint64_t> sizes;
  std::vector<Key> all, local;
  std::uint64_t off = 0, nl = 0;
  std::string tag;  // for failure messages
};

template <class Key>
slice_case<Key> make_case(int gen, int pattern, std::uint64_t n, std::uint64_t seed, int me, int np) {
  std::mt19937_64 g(seed);
  slice_case<Key> c;
  c.sizes = sizes_for(pattern, n, np, g);
  c.all = make_keys<Key>(gen, n, c.sizes, np, g);
  for (int q = 0; q < me; ++q) c.off += c.sizes[q];
  c.nl = c.sizes[me];
  c.local.assign(c.all.begin() + c.off, c.all.begin() + c.off + c.nl);
  c.tag = std::string(ordo::type_name<Key>()) + " " + gen_names[gen] + " pattern " + std::to_string(pattern) +
          " n " + std::to_string(n);
  return c;
}

// The single-process reference of a distributed sort: the keys sorted with
// their global input index (stable), by ordo::cpu.
template <class Key>
struct sorted_reference {
  ordo::sort_options options;  // the order, for the distributed call too
  std::vector<Key> keys;
  std::vector<std::uint64_t> index;
  sorted_reference(const std::vector<Key>& all, ordo::sort_order order) : keys(all), index(all.size()) {
    options.order = order;
    std::iota(index.begin(), index.end(), 0);
    ordo::sort(ordo::cpu{}, std::span<Key>(keys), std::span<std::uint64_t>(index), options);
  }
  // index as (process, local index) over the case's layout: what sort_idx gives.
  std::vector<ordo::global_index> global(const std::vector<std::uint64_t>& sizes) const {
    std::vector<ordo::global_index> rp(index.size());
    for (std::size_t i = 0; i < index.size(); ++i) {
      std::uint64_t q = 0, start = 0;
      while (index[i] >= start + sizes[q]) start += sizes[q++];
      rp[i] = {std::int64_t(q), index[i] - start};
    }
    return rp;
  }
};

// Bit for bit (-0.0 is not +0.0), any NaN matching any NaN.
template <class T>
bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) && std::isnan(b)) return true;
  }
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

// The first local position where got differs from ref[off + i], if any.
template <class T>
std::optional<std::size_t> first_mismatch(const std::vector<T>& got, const std::vector<T>& ref, std::uint64_t off) {
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!same(got[i], ref[off + i])) return i;
  return std::nullopt;
}

// Runs f, which must throw ordo::error with `code`: (true, its message) when it
// does, else (false, what happened instead).
template <class F>
std::pair<bool, std::string> throws_error(ordo::errc code, F&& f) {
  try {
    f();
  } catch (const ordo::error& e) {
    if (e.code() != code) return {false, std::string("wrong code, ") + e.what()};
    return {true, e.what()};
  }
  return {false, "no error"};
}

// rank_sorted's options for method m over keys sorted in `order`, validated.
inline ordo::rank_sorted_options validated_rank_sorted(ordo::rank_method m, ordo::sort_order order) {
  ordo::rank_sorted_options ro;
  ro.method = m;
  ro.order = order;
  ro.validate = true;
  return ro;
}

// f(options, description) for every rank method x direction x na_option x
// pct (na_option only where Key has NaN: otherwise the ranks are the same).
template <class Key, class F>
void for_each_rank_options(F&& f) {
  for (auto m : ordo::all_rank_methods)
    for (bool asc : {true, false})
      for (auto na : {ordo::na_option::keep, ordo::na_option::top, ordo::na_option::bottom})
        for (bool pct : {false, true}) {
          if (!std::is_floating_point_v<Key> && na != ordo::na_option::keep) continue;
          ordo::rank_options o;
          o.method = m;
          o.ascending = asc;
          o.na = na;
          o.pct = pct;
          f(o, std::string(ordo::to_string(m)) + (asc ? " asc " : " desc ") + ordo::to_string(na) + (pct ? " pct" : ""));
        }
}

}  // namespace ordo_test::dist
