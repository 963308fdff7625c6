// The key columns of the verbs that order rows by several columns (`rank
// --column a,b`, `lexsort`): `--column a,b` split into names, each column
// read from the same file, and `--descending [COLS]` / `--nan-first [COLS]`
// turned into one flag per column.
#pragma once
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "input_options.hpp"
#include "io/io.hpp"
#include "ordo/lexsort.hpp"

namespace ordo::tools {

// "a,b" -> {"a", "b"}; "" -> {""} (the file's only column). Empty names
// ("a,,b", "a,") are refused.
std::vector<std::string> split_column_names(const std::string& list);

// A per-column option given as a flag or with a list (`--descending`,
// `--descending b`, `--descending=a,b`): not given, no column; given bare,
// every column; given a list, the columns it names, each one of `names` as
// --column spelt it.
std::vector<bool> columns_flagged(const CLI::Option* opt, const std::string& value,
                                  const std::vector<std::string>& names);

// An option that takes a column list or nothing: --descending [COLS].
CLI::Option* add_columns_option(CLI::App* cmd, const std::string& name, std::string& value, const std::string& help);

// Each named column of `path`, read with the verb's input options (--dtype,
// when given, applies to every column). Narrow columns (int8 ... float16)
// come back as their wider carrier: the same order, which is all the
// column-ordering verbs use. Several columns of stdin are refused (it can be
// read once).
std::vector<io::column> read_key_columns(const std::string& path, const input_args& a,
                                         const std::vector<std::string>& names);

// The columns as sort_keys, on the host or copied to the GPU (the copies
// live as long as this object).
class key_columns_view {
 public:
  key_columns_view(const std::vector<io::column>& cols, const std::vector<bool>& descending,
                   const std::vector<bool>& nan_first, bool gpu);
  ~key_columns_view();
  std::span<const sort_key> keys() const { return keys_; }

 private:
  std::vector<sort_key> keys_;
  struct device_copies;
  std::unique_ptr<device_copies> device_;
};

}  // namespace ordo::tools
