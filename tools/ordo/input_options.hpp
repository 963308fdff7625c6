// The options every file-reading verb shares (--dtype, --format, --column,
// --delimiter, --na-values, --quiet, --in-place; --device, --threads), the
// one way the input ones become an io::read_column call, and the path check
// every verb makes before it reads anything.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "io/io.hpp"
#include "ordo/error.hpp"

namespace ordo::tools {

struct input_args {
  std::string dtype, format, column, delimiter;
  std::vector<std::string> na_values;
  bool in_place = false;
  CLI::Option* quiet = nullptr;  // --quiet (shared with other uses of the flag)

  bool is_quiet() const { return quiet && quiet->count() > 0; }
  // The same notes and text options, for a second file of the verb (offsets...)
  // that takes none of the first one's --dtype, --format and --column.
  input_args for_other_file() const {
    input_args o;
    o.delimiter = delimiter;
    o.na_values = na_values;
    o.quiet = quiet;
    return o;
  }
};

// The positional keys file and the required -o of the verbs that write keys
// or their permutation: `goes` says what -o receives ("where the ranks go").
inline void add_keys_and_output(CLI::App* cmd, std::string& input, std::string& output, const char* goes) {
  cmd->add_option("input", input, "keys: .npy, .bin/.raw (with --dtype), or .txt/.csv")->required();
  cmd->add_option("-o,--output", output, std::string(goes) + "; the format follows its extension")->required();
}

// `writes`: the verb writes an output file (--in-place applies).
inline void add_input_options(CLI::App* cmd, input_args& a, const char* what = "element", bool writes = true) {
  cmd->add_option("--dtype", a.dtype,
                  std::string(what) + " type: " + io::dtype_names(", ") +
                      "; needed for raw input; text input infers it as pandas.read_csv does");
  cmd->add_option("--format", a.format, "input format npy, bin or text; default from the extension (- is text)");
  cmd->add_option("--column", a.column, "text input: the column to read, by header name or 0-based index");
  cmd->add_option("--delimiter", a.delimiter,
                  "text input: the field separator (one character, or 'tab'); default ',' for .csv, tab for .tsv, "
                  "else guessed from the first line");
  cmd->add_option("--na-values", a.na_values,
                  "text input: more missing-value markers, comma-separated (pandas' defaults NA, nan, null, ... "
                  "always count)")
      ->delimiter(',');
  // Another part of the verb may register --quiet itself (progress); share it.
  a.quiet = cmd->get_option_no_throw("--quiet");
  if (!a.quiet) a.quiet = cmd->add_flag("--quiet")->description("no notes or progress on stderr (errors still go there)");
  if (writes)
    cmd->add_flag("--in-place", a.in_place,
                  "allow the output to be the input file (replaced only once the result is complete)");
}

// --device cpu|cuda|auto and --threads, which every verb that runs an algorithm takes.
inline void add_device_options(CLI::App* cmd, std::string& device, int& threads) {
  cmd->add_option("--device", device, "cpu, cuda, or auto (cuda when a GPU is there); default auto");
  cmd->add_option("--threads", threads, "CPU threads; 0 (default) uses every core")->check(CLI::Range(0, 1 << 16));
}

inline char parse_delimiter(const std::string& d) {
  if (d.empty()) return 0;
  if (d == "tab" || d == "\\t" || d == "\t") return '\t';
  if (d.size() != 1 || d[0] == '"' || d[0] == '\n' || d[0] == '\r' || d[0] == '.' || d[0] == '-' || d[0] == '+' ||
      (d[0] >= '0' && d[0] <= '9'))
    throw error(errc::invalid_argument, "--delimiter: expected one character that is not a digit, sign, '.', "
                                        "quote or line break (or 'tab'), got '" + d + "'");
  return d[0];
}

// The read options of the verb's input, checked before any file is opened.
inline io::read_options read_options_of(const input_args& a) {
  io::read_options in;
  if (!a.format.empty()) in.format = io::parse_format(a.format, "--format");
  in.type = a.dtype.empty() ? std::optional<io::dtype>() : io::parse_dtype(a.dtype, "--dtype");
  in.column = a.column;
  in.delimiter = parse_delimiter(a.delimiter);
  in.na_values = a.na_values;
  in.announce = !a.is_quiet();
  return in;
}

inline io::column read_input(const std::string& path, const input_args& a) {
  return io::read_column(path, read_options_of(a));
}

// Before any work: the inputs can be read and the outputs written, and no
// output replaces an input unless --in-place (io::check_paths).
inline void check_files(const std::vector<std::string>& inputs, const std::vector<std::string>& outputs,
                        const input_args& a) {
  io::check_paths(inputs, outputs, a.in_place);
}

}  // namespace ordo::tools
