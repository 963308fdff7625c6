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
  ordo::cpu_rank_variant variant;
  const char* name;
};

// cpu{1} is the sequential reference path; cpu{4} oversubscribes small
// machines on purpose; cpu{} is every core. Each runs every CPU variant.
inline std::vector<cpu_case> single_thread_cases() {
  using v = ordo::cpu_rank_variant;
  return {{ordo::cpu{1}, v::automatic, "cpu{1}/automatic"},
          {ordo::cpu{1}, v::sequential, "cpu{1}/sequential"},
          {ordo::cpu{1}, v::parallel_search, "cpu{1}/parallel_search"}};
}

inline std::vector<cpu_case> threaded_cases() {
  using v = ordo::cpu_rank_variant;
  return {{ordo::cpu{4}, v::automatic, "cpu{4}/automatic"},
          {ordo::cpu{4}, v::sequential, "cpu{4}/sequential"},
          {ordo::cpu{4}, v::parallel_search, "cpu{4}/parallel_search"},
          {ordo::cpu{}, v::automatic, "cpu{}/automatic"},
          {ordo::cpu{}, v::parallel_search, "cpu{}/parallel_search"}};
}

inline std::vector<cpu_case> all_cpu_cases() {
  std::vector<cpu_case> c = single_thread_cases();
  for (const cpu_case& t : threaded_cases()) c.push_back(t);
  return c;
}

// 0..k-1 for the g-th point of a test grid, cycling so that an inner loop of
// any length still meets every value (g, g + g/k, mod k).
inline std::size_t rotate(std::size_t g, std::size_t k) { return (g + g / k) % k; }

// A threaded call costs far more than the ranking of a small input (a thread
// team, oversubscribed on a 2-core CI machine), so grids run the two
// single-thread variants at each point and, at every other point, one more
// case in turn: cpu{1}/automatic or a threaded one.
inline std::vector<cpu_case> cases_at(std::size_t g) {
  const std::vector<cpu_case> one = single_thread_cases();
  std::vector<cpu_case> c{one[1], one[2]};
  if (rotate(g, 2) == 0) {
    std::vector<cpu_case> extra = threaded_cases();
    extra.push_back(one[0]);
    c.push_back(extra[rotate(g / 2, extra.size())]);
  }
  return c;
}

// The large inputs: threaded only.
inline std::vector<cpu_case> large_cpu_cases() {
  using v = ordo::cpu_rank_variant;
  return {{ordo::cpu{4}, v::parallel_search, "cpu{4}/parallel_search"},
          {ordo::cpu{}, v::automatic, "cpu{}/automatic"}};
}

inline std::vector<ordo::cpu> rank_execs() { return {ordo::cpu{1}, ordo::cpu{4}, ordo::cpu{}}; }

// For rank() grids: cpu{1} at every point, cpu{4} and cpu{} in turn at every
// fourth point.
inline std::vector<ordo::cpu> rank_execs_at(std::size_t g) {
  switch (rotate(g, 8)) {
    case 0: return {ordo::cpu{1}, ordo::cpu{4}};
    case 4: return {ordo::cpu{1}, ordo::cpu{}};
    default: return {ordo::cpu{1}};
  }
}

inline std::string exec_name(const ordo::cpu& c) {
  std::ostringstream s;
  s << "cpu{";
  if (c.threads) s << c.threads;
  s << "}";
  return s.str();
}

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

// f.template operator()<R>() for each R of Rs, in order: a rank check run
// with each of a few rank types.
template <class... Rs, class F>
void for_each_rank_type(F f) {
  (f.template operator()<Rs>(), ...);
}

// What a failed rank check names: the keys (what, n), the backend case, the
// rank type R and the options.
template <class R, class Options>
std::string describe_rank_case(const std::string& what, std::size_t n, const std::string& exec, const Options& o) {
  return what + " n=" + std::to_string(n) + " " + exec + " rank=" + ordo::type_name<R>() + " " + describe(o);
}

}  // namespace ordo_test
