// Raw binary columns (.bin/.raw): the bare little-endian elements, no header;
// the element type comes from --dtype.
#pragma once
#include <cstdint>

#include "io/column.hpp"
#include "io/file.hpp"

namespace ordo::tools::io {

// The file's element count; throws when its size is not a multiple of one.
std::uint64_t raw_count(const input_file& in, dtype type);
column read_raw(input_file& in, dtype type, const progress_policy& p);
void write_raw(output_file& out, const column& c, const progress_policy& p);

}  // namespace ordo::tools::io
