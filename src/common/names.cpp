// Spelling of options as the CLI, the benchmark and the Python module use it.
#include "ordo/detail/name_table.hpp"
#include "ordo/rank.hpp"

namespace ordo {

using detail::name_table;
using detail::named;

constexpr named<rank_method> rank_method_rows[] = {
    {rank_method::min, "min"},         {rank_method::max, "max"},         {rank_method::dense, "dense"},
    {rank_method::ordinal, "ordinal"}, {rank_method::ordinal, "first"}, {rank_method::average, "average"}};
constexpr name_table rank_methods{rank_method_rows, "unknown rank method",
                                  "expected min, max, dense, ordinal/first or average"};
const char* to_string(rank_method v) noexcept { return rank_methods.name_of(v); }
rank_method parse_rank_method(const char* s) { return rank_methods.parse(s); }

constexpr named<rank_variant> rank_variant_rows[] = {
    {rank_variant::automatic, "auto"},       {rank_variant::sequential, "sequential"},
    {rank_variant::parallel_search, "parallel_search"}, {rank_variant::naive, "naive"},
    {rank_variant::shuffle, "shuffle"},      {rank_variant::hybrid, "hybrid"},
    {rank_variant::block_search, "block_search"}, {rank_variant::lookback, "lookback"},
    {rank_variant::scan, "scan"}};
constexpr name_table rank_variants{
    rank_variant_rows, "unknown rank variant",
    "expected auto, sequential, parallel_search, naive, shuffle, hybrid, block_search, lookback or scan"};
const char* to_string(rank_variant v) noexcept { return rank_variants.name_of(v); }
rank_variant parse_rank_variant(const char* s) { return rank_variants.parse(s); }

constexpr named<rank_unsorted_variant> rank_unsorted_variant_rows[] = {
    {rank_unsorted_variant::automatic, "auto"},
    {rank_unsorted_variant::sort_back, "sort_back"},
    {rank_unsorted_variant::msd_replay, "msd_replay"}};
constexpr name_table rank_unsorted_variants{rank_unsorted_variant_rows, "unknown rank() variant",
                                            "expected auto, sort_back or msd_replay"};
const char* to_string(rank_unsorted_variant v) noexcept { return rank_unsorted_variants.name_of(v); }
rank_unsorted_variant parse_rank_unsorted_variant(const char* s) { return rank_unsorted_variants.parse(s); }

constexpr named<na_option> na_option_rows[] = {
    {na_option::keep, "keep"}, {na_option::top, "top"}, {na_option::bottom, "bottom"}};
constexpr name_table na_options{na_option_rows, "unknown na option", "expected keep, top or bottom"};
const char* to_string(na_option v) noexcept { return na_options.name_of(v); }
na_option parse_na_option(const char* s) { return na_options.parse(s); }

}  // namespace ordo
