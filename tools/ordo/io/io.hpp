// The CLI's one entry to its file formats: read a column of keys, write a
// column of results, the format given or told by the file's extension.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "io/column.hpp"
#include "io/file.hpp"
#include "io/format.hpp"
#include "io/paths.hpp"

namespace ordo::tools::io {

struct read_options {
  std::optional<file_format> format;  // from the extension when empty ("-", stdin: text)
  std::optional<dtype> type;          // bin: required; text: inferred when empty (text.hpp); npy: must match the file
  std::string column;                 // text only: header name or 0-based index
  char delimiter = 0;                 // text only: 0 from the extension (.csv ',', .tsv tab) or the first line
  std::vector<std::string> na_values; // text only: missing-value markers beside pandas' defaults
  bool announce = false;              // text only: a note on stderr naming an inferred type
  progress_policy progress;
};

struct write_options {
  std::optional<file_format> format;  // from the extension when empty ("-", stdout: text)
  progress_policy progress;
};

// "-" is stdin / stdout. Throw ordo::error: io_error for a file that cannot be read or written as
// asked, invalid_argument for options that do not fit the format.
column read_column(const std::string& path, const read_options& o = {});
// read_column's first steps, shared with view_column (column_view.hpp): the
// format, and the options checked against it.
file_format checked_input_format(const std::string& path, const read_options& o);
// A .npy file's type against --dtype, which must match it when given.
void check_npy_type(const std::string& path, const read_options& o, dtype in_file);
void write_column(const std::string& path, const column& c, const write_options& o = {});

}  // namespace ordo::tools::io
