#include "io/column_sink.hpp"

#include <variant>

#include "io/npy.hpp"

namespace ordo::tools::io {

column_sink::column_sink(const std::string& path, dtype t, std::size_t n, const write_options& o)
    : path_(path), options_(o), type_(t), count_(n) {
  const file_format f = o.format ? *o.format : format_from_extension(path, "--output-format");
  options_.format = f;
  if (f == file_format::npy) npy_preamble(path, t, n);  // a type numpy lacks fails now
  if (f != file_format::text && !is_std_stream(path)) {
    auto file = std::make_unique<output_file>(path);
    if (f == file_format::npy) {
      const std::string pre = npy_preamble(file->path(), t, n);
      file->write(pre.data(), pre.size());
    }
    if (void* p = file->map_rest(std::uint64_t(n) * element_size(t))) {
      data_ = p;
      file_ = std::move(file);
      return;
    }
  }  // the temporary file, if any, goes with `file`
  owned_ = make_column(t, n);
  data_ = std::visit([](auto& v) -> void* { return v.data(); }, owned_->data);
}

column_sink::~column_sink() = default;

void column_sink::commit() {
  if (owned_) return write_column(path_, *owned_, options_);
  file_->close();
}

}  // namespace ordo::tools::io
