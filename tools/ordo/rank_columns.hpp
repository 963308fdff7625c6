// `ordo rank --column a,b`: the ranks of the rows over several key columns
// (ordo::rank with sort_keys), on the CPU or the GPU.
#pragma once
#include <vector>

#include "io/column.hpp"
#include "ordo/rank.hpp"

namespace ordo::tools {

// Ranks of type rank_type for the rows of `cols` (the first column primary,
// each descending where `descending` says), with progress when `shown`.
io::column rank_by_columns(const std::vector<io::column>& cols, const std::vector<bool>& descending,
                           const rank_options& o, io::dtype rank_type, bool gpu, int threads, bool shown);

}  // namespace ordo::tools
