// Spelling of the NaN-ignoring operators and of the primitives' variants,
// and what `automatic` picks on each backend (H100 measurements: docs/benchmarks.md, primitives section).
#include <cstring>
#include <string>

#include "ordo/primitives.hpp"

namespace ordo {

// plus, minimum and maximum are spelled in list_names.cpp (list_scan's operators).
const char* op_name(fmin) noexcept { return "fmin"; }
const char* op_name(fmax) noexcept { return "fmax"; }

const char* to_string(fork_variant v) noexcept {
  switch (v) {
    case fork_variant::automatic: return "auto";
    case fork_variant::doubling: return "doubling";
    case fork_variant::load_balanced: return "load_balanced";
  }
  return "?";
}
const char* to_string(sort_idx_variant v) noexcept {
  switch (v) {
    case sort_idx_variant::automatic: return "auto";
    case sort_idx_variant::merge_path: return "merge_path";
    case sort_idx_variant::binary_search: return "binary_search";
    case sort_idx_variant::sample_sort: return "sample_sort";
  }
  return "?";
}

template <class V, std::size_t N>
static V parse(const char* s, const V (&all)[N], const char* what) {
  for (V v : all)
    if (!std::strcmp(s, to_string(v))) return v;
  std::string names;
  for (V v : all) names += std::string(names.empty() ? "" : ", ") + to_string(v);
  throw error(errc::invalid_argument, std::string("unknown ") + what + " variant '" + s + "' (one of: " + names + ")");
}
fork_variant parse_fork_variant(const char* s) {
  static const fork_variant all[] = {fork_variant::automatic, fork_variant::doubling, fork_variant::load_balanced};
  return parse(s, all, "fork");
}
sort_idx_variant parse_sort_idx_variant(const char* s) {
  static const sort_idx_variant all[] = {sort_idx_variant::automatic, sort_idx_variant::merge_path,
                                         sort_idx_variant::binary_search, sort_idx_variant::sample_sort};
  return parse(s, all, "sort_idx");
}

fork_variant chosen_variant(const cpu&, fork_variant v) {
  return v == fork_variant::automatic ? fork_variant::load_balanced : v;
}
fork_variant chosen_variant(const cuda&, fork_variant v) {
  return v == fork_variant::automatic ? fork_variant::load_balanced : v;
}
sort_idx_variant chosen_variant(const cpu&, sort_idx_variant v) {
  return v == sort_idx_variant::automatic ? sort_idx_variant::merge_path : v;
}
sort_idx_variant chosen_variant(const cuda&, sort_idx_variant v) {
  return v == sort_idx_variant::automatic ? sort_idx_variant::merge_path : v;
}

}  // namespace ordo
