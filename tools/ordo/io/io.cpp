#include "io/io.hpp"

#include <filesystem>

#include "io/npy.hpp"
#include "io/raw.hpp"
#include "io/text.hpp"
#include "ordo/error.hpp"

namespace ordo::tools::io {

file_format checked_input_format(const std::string& path, const read_options& o) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) fail(path, "is a directory, not a file");  // before "no extension"
  const file_format f = o.format ? *o.format : format_from_extension(path, "--format");
  if (!o.column.empty() && f != file_format::text)
    throw error(errc::invalid_argument, "--column applies to text input, and " + path + " is read as " + to_string(f));
  if ((o.delimiter || !o.na_values.empty()) && f != file_format::text)
    throw error(errc::invalid_argument, std::string(o.delimiter ? "--delimiter" : "--na-values") +
                                            " applies to text input, and " + path + " is read as " + to_string(f));
  if (f == file_format::bin && !o.type)
    throw error(errc::invalid_argument,
                path + ": raw binary input needs --dtype (" + dtype_names() + ")");
  return f;
}

void check_npy_type(const std::string& path, const read_options& o, dtype in_file) {
  if (o.type && *o.type != in_file)
    throw error(errc::invalid_argument, path + " holds " + to_string(in_file) + " keys but --dtype says " +
                                            to_string(*o.type) + "; drop --dtype for .npy input");
}

column read_column(const std::string& path, const read_options& o) {
  const file_format f = checked_input_format(path, o);
  input_file in(path);
  switch (f) {
    case file_format::npy: {
      column c = read_npy(in, o.progress);
      check_npy_type(path, o, c.type());
      return c;
    }
    case file_format::bin: return read_raw(in, *o.type, o.progress);
    case file_format::text: {
      const std::string ext = lower_extension(path);
      text_options t;
      t.type = o.type;
      t.column = o.column;
      t.delimiter = o.delimiter ? o.delimiter : ext == ".csv" ? ',' : ext == ".tsv" ? '\t' : '\0';
      t.na_values = o.na_values;
      t.announce = o.announce;
      return read_text(in, t, o.progress);
    }
  }
  throw error(errc::invalid_argument, "unknown input format");
}

void write_column(const std::string& path, const column& c, const write_options& o) {
  const file_format f = o.format ? *o.format : format_from_extension(path, "--output-format");
  output_file out(path);
  switch (f) {
    case file_format::npy: write_npy(out, c, o.progress); break;
    case file_format::bin: write_raw(out, c, o.progress); break;
    case file_format::text: write_text(out, c, o.progress); break;
  }
  out.close();
}

}  // namespace ordo::tools::io
