// What the example programs' main() shares: reading "--name value" pairs and
// skipping --device cuda on a machine without a GPU.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <initializer_list>
#include <string>
#include <type_traits>

#include "ordo/execution.hpp"

// One "--name value" option and what its value sets.
struct example_flag {
  const char* name;
  std::function<void(const char*)> set;
};

// The setter of a variable: a number in its type, or the text itself.
template <class T>
std::function<void(const char*)> sets(T& v) {
  return [&v](const char* s) {
    if constexpr (std::is_floating_point_v<T>) v = std::strtod(s, nullptr);
    else if constexpr (std::is_integral_v<T>) v = T(std::strtoull(s, nullptr, 10));
    else v = s;
  };
}

// Applies argv's "--name value" pairs; false (after printing `usage`) on a
// name none of the flags has.
inline bool read_flags(int argc, char** argv, std::initializer_list<example_flag> flags, const char* usage) {
  for (int i = 1; i + 1 < argc; i += 2) {
    const example_flag* f = nullptr;
    for (const example_flag& g : flags)
      if (!std::strcmp(argv[i], g.name)) f = &g;
    if (!f) {
      std::fprintf(stderr, "usage: %s %s\n", argv[0], usage);
      return false;
    }
    f->set(argv[i + 1]);
  }
  return true;
}

// --device cuda without a GPU: say "skipped" (ctest's SKIP_REGULAR_EXPRESSION)
// rather than fail.
inline bool skip_without_gpu(const std::string& device) {
  if (device != "cuda" || ordo::cuda_available()) return false;
  std::printf("skipped: no CUDA device\n");
  return true;
}
