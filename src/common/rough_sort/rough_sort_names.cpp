// Names of the roughsort and adaptive-sort variants, as the CLI and the
// benchmark spell them.
#include <cstring>
#include <string>

#include "ordo/rough_sort.hpp"

namespace ordo {

const char* to_string(rough_sort_variant v) noexcept {
  switch (v) {
    case rough_sort_variant::automatic: return "automatic";
    case rough_sort_variant::runs: return "runs";
    case rough_sort_variant::halving: return "halving";
    case rough_sort_variant::bubble: return "bubble";
    case rough_sort_variant::radix_runs: return "radix_runs";
  }
  return "unknown";
}

const char* to_string(sort_variant v) noexcept {
  switch (v) {
    case sort_variant::automatic: return "automatic";
    case sort_variant::rough_sort: return "rough_sort";
    case sort_variant::radix_sort: return "radix_sort";
    case sort_variant::merge_sort: return "merge_sort";
  }
  return "unknown";
}

rough_sort_variant parse_rough_sort_variant(const char* name) {
  for (auto v : {rough_sort_variant::automatic, rough_sort_variant::runs, rough_sort_variant::halving,
                 rough_sort_variant::bubble, rough_sort_variant::radix_runs})
    if (!std::strcmp(name, to_string(v))) return v;
  throw error(errc::invalid_argument,
              std::string("unknown rough_sort variant '") + name + "' (automatic, runs, halving, bubble, radix_runs)");
}

sort_variant parse_sort_variant(const char* name) {
  for (auto v : {sort_variant::automatic, sort_variant::rough_sort, sort_variant::radix_sort, sort_variant::merge_sort})
    if (!std::strcmp(name, to_string(v))) return v;
  throw error(errc::invalid_argument,
              std::string("unknown sort variant '") + name + "' (automatic, rough_sort, radix_sort, merge_sort)");
}

}  // namespace ordo
