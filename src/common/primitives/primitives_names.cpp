// Spelling of the NaN-ignoring operators and of the primitives' variants,
// and what `automatic` picks on each backend (H100 measurements: docs/benchmarks.md, primitives section).
#include "ordo/detail/name_table.hpp"
#include "ordo/primitives.hpp"

namespace ordo {

// plus, minimum and maximum are spelled in list_names.cpp (list_scan's operators).
const char* op_name(fmin) noexcept { return "fmin"; }
const char* op_name(fmax) noexcept { return "fmax"; }

constexpr detail::named<fork_variant> fork_variant_rows[] = {
    {fork_variant::automatic, "auto"}, {fork_variant::doubling, "doubling"},
    {fork_variant::load_balanced, "load_balanced"}};
constexpr detail::name_table fork_variants{fork_variant_rows, "unknown fork variant",
                                           "one of: auto, doubling, load_balanced"};
const char* to_string(fork_variant v) noexcept { return fork_variants.name_of(v); }
fork_variant parse_fork_variant(const char* s) { return fork_variants.parse(s); }

constexpr detail::named<sort_idx_variant> sort_idx_variant_rows[] = {
    {sort_idx_variant::automatic, "auto"},
    {sort_idx_variant::merge_path, "merge_path"},
    {sort_idx_variant::binary_search, "binary_search"}, {sort_idx_variant::sample_sort, "sample_sort"}};
constexpr detail::name_table sort_idx_variants{sort_idx_variant_rows, "unknown sort_idx variant",
                                               "one of: auto, merge_path, binary_search, sample_sort"};
const char* to_string(sort_idx_variant v) noexcept { return sort_idx_variants.name_of(v); }
sort_idx_variant parse_sort_idx_variant(const char* s) { return sort_idx_variants.parse(s); }

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
