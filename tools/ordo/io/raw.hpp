// Raw binary columns (.bin/.raw): the bare little-endian elements, no header;
// the element type comes from --dtype.
#pragma once
#include "io/column.hpp"
#include "io/file.hpp"

namespace ordo::tools::io {

column read_raw(input_file& in, dtype type, const progress_policy& p);
void write_raw(output_file& out, const column& c, const progress_policy& p);

}  // namespace ordo::tools::io
