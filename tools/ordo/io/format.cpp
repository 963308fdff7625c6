#include "io/format.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "ordo/detail/name_table.hpp"

namespace ordo::tools::io {

// The names first, then the aliases --format also takes.
constexpr ordo::detail::named<file_format> format_rows[] = {
    {file_format::npy, "npy"},  {file_format::bin, "bin"},  {file_format::text, "text"}, {file_format::bin, "raw"},
    {file_format::text, "txt"}, {file_format::text, "csv"}, {file_format::text, "tsv"}};
constexpr ordo::detail::name_table formats{format_rows, "unknown format", "expected npy, bin or text"};

const char* to_string(file_format f) noexcept { return formats.name_of(f); }

file_format parse_format(std::string_view name, std::string_view what) {
  return formats.parse(name, std::string(what) + ": ");
}

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
  return ext;
}

file_format format_from_extension(const std::string& path, std::string_view option) {
  if (path == "-") return file_format::text;  // stdin / stdout
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec))  // say so, not "no extension"
    throw error(errc::io_error, path + ": is a directory, not a file");
  const std::string ext = lower_extension(path);
  if (ext == ".npy") return file_format::npy;
  if (ext == ".bin" || ext == ".raw") return file_format::bin;
  if (ext == ".txt" || ext == ".csv" || ext == ".tsv") return file_format::text;
  throw error(errc::invalid_argument,
              path + ": cannot tell the format from the extension '" + ext +
                  "' (known: .npy, .bin, .raw, .txt, .csv, .tsv); pass " + std::string(option) +
                  " npy|bin|text");
}

}  // namespace ordo::tools::io
