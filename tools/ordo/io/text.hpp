// Text columns (.txt/.csv/.tsv): one value per line, or one column of a
// delimited file picked by header name or 0-based index.
//
// Reading: blank lines are skipped; the first line is a header when one of
// its cells is not a number. In float columns an empty cell, "NaN", "nan" and
// "NA" are NaN, and "inf"/"-inf" are infinities. Writing: one value per line,
// with digits enough to read back the same value (%.17g, %.9g for float32).
#pragma once
#include <string>

#include "io/column.hpp"
#include "io/file.hpp"

namespace ordo::tools::io {

struct text_options {
  dtype type = dtype::float64;
  std::string column;  // header name or 0-based index; empty: the file must have one column
  char delimiter = 0;  // ',' or '\t'; 0: ',' or '\t' if the first line has one, else none
};

column read_text(input_file& in, const text_options& o, const progress_policy& p);
void write_text(output_file& out, const column& c, const progress_policy& p);

}  // namespace ordo::tools::io
