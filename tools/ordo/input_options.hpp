// The options every file-reading verb shares (--dtype, --format, --column;
// --device, --threads) and the one way the input ones become an io::read_column call.
#pragma once
#include <optional>
#include <string>

#include <CLI/CLI.hpp>

#include "io/io.hpp"

namespace ordo::tools {

struct input_args {
  std::string dtype, format, column;
};

inline void add_input_options(CLI::App* cmd, input_args& a, const char* what = "element") {
  cmd->add_option("--dtype", a.dtype,
                  std::string(what) + " type for raw input: int32, uint32, int64, uint64, float32, float64");
  cmd->add_option("--format", a.format, "input format npy, bin or text; default from the extension");
  cmd->add_option("--column", a.column, "text input: the column to read, by header name or 0-based index");
}

// --device cpu|cuda|auto and --threads, which every verb that runs an algorithm takes.
inline void add_device_options(CLI::App* cmd, std::string& device, int& threads) {
  cmd->add_option("--device", device, "cpu, cuda, or auto (cuda when a GPU is there); default auto");
  cmd->add_option("--threads", threads, "CPU threads; 0 (default) uses every core")->check(CLI::Range(0, 1 << 16));
}

// `integer_text`: text has no integer type of its own; read it as int64
// (successor arrays, offsets) instead of float64 unless --dtype says otherwise.
inline io::column read_input(const std::string& path, const input_args& a, bool integer_text = false) {
  io::read_options in;
  if (!a.format.empty()) in.format = io::parse_format(a.format, "--format");
  in.type = a.dtype.empty() ? std::optional<io::dtype>() : io::parse_dtype(a.dtype, "--dtype");
  in.column = a.column;
  if (integer_text && !in.type) {
    const io::file_format f = in.format ? *in.format : io::format_from_extension(path, "--format");
    if (f == io::file_format::text) in.type = io::dtype::int64;
  }
  return io::read_column(path, in);
}

}  // namespace ordo::tools
