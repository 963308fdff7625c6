// The host "space" for primitives_cases.hpp: data in std::vector, run on ordo::cpu.
#pragma once
#include <initializer_list>
#include <span>
#include <vector>

#include "ordo/execution.hpp"

namespace ordo_test {

struct host_space {
  ordo::cpu exec;
  template <class T>
  std::vector<T> buf(const std::vector<T>& h) { return h; }
  template <class T>
  std::span<T> span(std::vector<T>& b) { return {b.data(), b.size()}; }
  template <class T>
  std::span<const T> cspan(const std::vector<T>& b) { return {b.data(), b.size()}; }
  template <class T>
  std::vector<T> get(const std::vector<T>& b) { return b; }
};

// check(sp) on a host_space of each of these thread counts, in order.
template <class Check>
void on_host_spaces(std::initializer_list<int> threads, Check check) {
  for (int t : threads) {
    host_space sp{ordo::cpu{t}};
    check(sp);
  }
}

}  // namespace ordo_test
