// The host "space" for primitives_cases.hpp: data in std::vector, run on ordo::cpu.
#pragma once
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

}  // namespace ordo_test
