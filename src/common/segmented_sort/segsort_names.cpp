// Names of the segmented sort's options, as the CLI and the benchmark spell them.
#include "ordo/detail/name_table.hpp"
#include "ordo/segmented_sort.hpp"

namespace ordo {

constexpr detail::named<segsort_write> segsort_write_rows[] = {
    {segsort_write::automatic, "automatic"}, {segsort_write::direct, "direct"}, {segsort_write::striped, "striped"}};
constexpr detail::name_table segsort_writes{segsort_write_rows, "unknown segmented sort write",
                                            "automatic, direct, striped", "unknown"};
const char* to_string(segsort_write w) noexcept { return segsort_writes.name_of(w); }
segsort_write parse_segsort_write(const char* name) { return segsort_writes.parse(name); }

constexpr detail::named<segsort_path> segsort_path_rows[] = {
    {segsort_path::automatic, "automatic"},
    {segsort_path::binned, "binned"},
    {segsort_path::short_tiles, "short_tiles"},
    {segsort_path::radix_tiles, "radix_tiles"},
};
constexpr detail::name_table segsort_paths{segsort_path_rows, "unknown segmented sort path",
                                           "automatic, binned, short_tiles, radix_tiles", "unknown"};
const char* to_string(segsort_path p) noexcept { return segsort_paths.name_of(p); }
segsort_path parse_segsort_path(const char* name) { return segsort_paths.parse(name); }

}  // namespace ordo
