// Spelling of options as the CLI, the benchmark and the Python module use it.
#include <iterator>
#include <string>
#include <string_view>

#include "ordo/detail/name_table.hpp"
#include "ordo/rank.hpp"

namespace ordo {

using detail::name_table;
using detail::named;

constexpr name_table rank_methods{rank_method_names, "unknown rank method",
                                  "expected min, max, dense, ordinal/first or average"};
const char* to_string(rank_method v) noexcept { return rank_methods.name_of(v); }
rank_method parse_rank_method(const char* s) { return rank_methods.parse(s); }

// rank_sorted's variants: "auto" and the names of rank_variant_table.
const char* to_string(rank_variant v) noexcept {
  const rank_variant_row* r = detail::rank_variant_row_of(v);
  return v.is_automatic() ? "auto" : r ? r->name : "?";
}
const char* to_string(cpu_rank_variant v) noexcept { return to_string(rank_variant(v)); }
const char* to_string(gpu_rank_variant v) noexcept { return to_string(rank_variant(v)); }
rank_variant parse_rank_variant(const char* s) {
  const std::string_view text(s);
  if (text == "auto") return {};
  for (const rank_variant_row& r : rank_variant_table)
    if (text == r.name) return r.variant;
  std::string expected = "auto";
  const std::size_t rows = std::size(rank_variant_table);
  for (std::size_t i = 0; i < rows; ++i)
    expected += std::string(i + 1 == rows ? " or " : ", ") + rank_variant_table[i].name;
  throw error(errc::invalid_argument, "unknown rank variant '" + std::string(text) + "' (expected " + expected + ")");
}

constexpr named<rank_unsorted_variant> rank_unsorted_variant_rows[] = {
    {rank_unsorted_variant::automatic, "auto"},
    {rank_unsorted_variant::sort_back, "sort_back"},
    {rank_unsorted_variant::msd_replay, "msd_replay"},
    {rank_unsorted_variant::counting, "counting"}};
constexpr name_table rank_unsorted_variants{rank_unsorted_variant_rows, "unknown rank() variant",
                                            "expected auto, sort_back, msd_replay or counting"};
const char* to_string(rank_unsorted_variant v) noexcept { return rank_unsorted_variants.name_of(v); }
rank_unsorted_variant parse_rank_unsorted_variant(const char* s) { return rank_unsorted_variants.parse(s); }

constexpr named<na_option> na_option_rows[] = {
    {na_option::keep, "keep"}, {na_option::top, "top"}, {na_option::bottom, "bottom"}};
constexpr name_table na_options{na_option_rows, "unknown na option", "expected keep, top or bottom"};
const char* to_string(na_option v) noexcept { return na_options.name_of(v); }
na_option parse_na_option(const char* s) { return na_options.parse(s); }

}  // namespace ordo
