// What the CPU tests share: the execution places and variants to run, thin
// wrappers that call ordo into a fresh vector, and a description of a case.
#pragma once
#include <cstddef>
#include <limits>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include "ordo/rank.hpp"
#include "ordo/types.hpp"

namespace ordo_test {

struct cpu_case {
  ordo::cpu exec;
  ordo::rank_variant variant;
  const char* name;
};

// cpu{1} is the sequential reference path, cpu{4} oversubscribes small
// machines on purpose, cpu{} is every core; each with each CPU variant.
inline std::vector<cpu_case> all_cpu_cases() {
  using v = ordo::rank_variant;
  return {{ordo::cpu{1}, v::automatic, "cpu{1}/automatic"},
          {ordo::cpu{1}, v::sequential, "cpu{1}/sequential"},
          {ordo::cpu{1}, v::parallel_search, "cpu{1}/parallel_search"},
          {ordo::cpu{4}, v::automatic, "cpu{4}/automatic"},
          {ordo::cpu{4}, v::sequential, "cpu{4}/sequential"},
          {ordo::cpu{4}, v::parallel_search, "cpu{4}/parallel_search"},
          {ordo::cpu{}, v::automatic, "cpu{}/automatic"},
          {ordo::cpu{}, v::parallel_search, "cpu{}/parallel_search"}};
}

// Fewer cases for the large inputs: the sequential loop and the two threaded ones.
inline std::vector<cpu_case> large_cpu_cases() {
  using v = ordo::rank_variant;
  return {{ordo::cpu{1}, v::sequential, "cpu{1}/sequential"},
          {ordo::cpu{4}, v::parallel_search, "cpu{4}/parallel_search"},
          {ordo::cpu{}, v::automatic, "cpu{}/automatic"}};
}

inline std::vector<ordo::cpu> rank_execs() { return {ordo::cpu{1}, ordo::cpu{4}, ordo::cpu{}}; }

inline std::string exec_name(const ordo::cpu& c) { return "cpu{" + (c.threads ? std::to_string(c.threads) : std::string()) + "}"; }

// A value no method produces, so positions left unwritten show up.
template <class R>
R unwritten() {
  if constexpr (std::is_integral_v<R>) return std::numeric_limits<R>::max();
  else return R(-1);
}

template <class R, class K>
std::vector<R> run_rank_sorted(const ordo::cpu& exec, const std::vector<K>& keys,
                               const ordo::rank_sorted_options& o) {
  std::vector<R> out(keys.size(), unwritten<R>());
  ordo::rank_sorted(exec, std::span<const K>(keys), std::span<R>(out), o);
  return out;
}

template <class R, class K>
std::vector<R> run_rank(const ordo::cpu& exec, const std::vector<K>& keys, const ordo::rank_options& o) {
  std::vector<R> out(keys.size(), unwritten<R>());
  ordo::rank(exec, std::span<const K>(keys), std::span<R>(out), o);
  return out;
}

inline std::string describe(const ordo::rank_sorted_options& o) {
  std::ostringstream s;
  s << "method=" << ordo::to_string(o.method)
    << " order=" << (o.order == ordo::sort_order::ascending ? "ascending" : "descending")
    << " variant=" << ordo::to_string(o.variant) << " validate=" << o.validate;
  return s.str();
}

inline std::string describe(const ordo::rank_options& o) {
  std::ostringstream s;
  s << "method=" << ordo::to_string(o.method) << " ascending=" << o.ascending
    << " na=" << ordo::to_string(o.na) << " pct=" << o.pct;
  return s.str();
}

}  // namespace ordo_test
