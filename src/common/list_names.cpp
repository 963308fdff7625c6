// Spelling of the list-ranking options and of the scan operators, as the CLI,
// the benchmark and the Python module use it.
#include "ordo/detail/name_table.hpp"
#include "ordo/list_rank.hpp"
#include "ordo/ops.hpp"

namespace ordo {

const char* op_name(plus) noexcept { return "plus"; }
const char* op_name(minimum) noexcept { return "min"; }
const char* op_name(maximum) noexcept { return "max"; }

constexpr detail::named<list_variant> list_variant_rows[] = {
    {list_variant{}, "auto"}, {cpu_list_variant::sequential, "sequential"},
    {cpu_list_variant::helman_jaja, "helman_jaja"}, {gpu_list_variant::wyllie, "wyllie"},
    {gpu_list_variant::rhj, "rhj"}, {gpu_list_variant::single_block, "single_block"}};
constexpr detail::name_table list_variants{list_variant_rows, "unknown list variant",
                                           "expected auto, sequential, helman_jaja, wyllie, rhj or single_block"};
const char* to_string(list_variant v) noexcept { return list_variants.name_of(v); }
const char* to_string(cpu_list_variant v) noexcept { return list_variants.name_of(v); }
const char* to_string(gpu_list_variant v) noexcept { return list_variants.name_of(v); }
list_variant parse_list_variant(const char* s) { return list_variants.parse(s); }

constexpr detail::named<list_runs> list_runs_rows[] = {
    {list_runs::detect, "detect"}, {list_runs::contract, "contract"}, {list_runs::keep, "keep"}};
constexpr detail::name_table list_runs_names{list_runs_rows, "unknown list runs option",
                                             "expected detect, contract or keep"};
const char* to_string(list_runs r) noexcept { return list_runs_names.name_of(r); }
list_runs parse_list_runs(const char* s) { return list_runs_names.parse(s); }

}  // namespace ordo
