// The three file formats, chosen by --format or by the file's extension.
#pragma once
#include <string>
#include <string_view>

namespace ordo::tools::io {

enum class file_format {
  npy,   // .npy: NumPy array file
  bin,   // .bin/.raw: bare little-endian elements, the dtype given apart
  text,  // .txt/.csv/.tsv: one value per line, or a column of a CSV
};

const char* to_string(file_format f) noexcept;
// "npy", "bin"/"raw", "text"/"txt"/"csv"/"tsv"; throws invalid_argument naming `what`.
file_format parse_format(std::string_view name, std::string_view what = "--format");
// From the extension (case-insensitive); throws invalid_argument telling the
// user to pass `option` when the extension says nothing. "-" (stdin/stdout) is text.
file_format format_from_extension(const std::string& path, std::string_view option = "--format");
// The extension in lower case with its dot (".csv"), or "" when none.
std::string lower_extension(const std::string& path);

}  // namespace ordo::tools::io
