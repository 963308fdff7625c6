// The example programs' --device cuda on a machine without a GPU: say
// "skipped" (ctest's SKIP_REGULAR_EXPRESSION) rather than fail.
#pragma once
#include <cstdio>
#include <string>

#include "ordo/execution.hpp"

inline bool skip_without_gpu(const std::string& device) {
  if (device != "cuda" || ordo::cuda_available()) return false;
  std::printf("skipped: no CUDA device\n");
  return true;
}
