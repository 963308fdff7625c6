// Names of the roughsort and adaptive-sort variants, as the CLI and the
// benchmark spell them.
#include "ordo/detail/name_table.hpp"
#include "ordo/rough_sort.hpp"

namespace ordo {

constexpr detail::named<rough_sort_variant> rough_sort_variant_rows[] = {
    {rough_sort_variant::automatic, "automatic"}, {rough_sort_variant::runs, "runs"},
    {rough_sort_variant::halving, "halving"},     {rough_sort_variant::bubble, "bubble"},
    {rough_sort_variant::radix_runs, "radix_runs"}};
constexpr detail::name_table rough_sort_variants{rough_sort_variant_rows, "unknown rough_sort variant",
                                                 "automatic, runs, halving, bubble, radix_runs", "unknown"};
const char* to_string(rough_sort_variant v) noexcept { return rough_sort_variants.name_of(v); }
rough_sort_variant parse_rough_sort_variant(const char* name) { return rough_sort_variants.parse(name); }

constexpr detail::named<sort_variant> sort_variant_rows[] = {
    {sort_variant::automatic, "automatic"},   {sort_variant::rough_sort, "rough_sort"},
    {sort_variant::radix_sort, "radix_sort"}, {sort_variant::merge_sort, "merge_sort"}};
constexpr detail::name_table sort_variants{sort_variant_rows, "unknown sort variant",
                                           "automatic, rough_sort, radix_sort, merge_sort", "unknown"};
const char* to_string(sort_variant v) noexcept { return sort_variants.name_of(v); }
sort_variant parse_sort_variant(const char* name) { return sort_variants.parse(name); }

}  // namespace ordo
