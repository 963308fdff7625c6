// A column of results written where it will be read: a verb that knows its
// output's type and length up front (`ordo sort`, `ordo rank`) writes the
// values into a mapping of the output file itself. A .npy or raw output that
// is a regular file (or a new one) is sized, its blocks reserved, and mapped
// past its header (output_file::map_rest): no column in memory and no copy
// through write(2). On the 2-core VM, 400 MB reached the file in 0.14-0.21 s
// so, against 0.57-1.31 s from a fresh buffer through write() (fresh pages
// twice, and the copy). Text, stdout, a FIFO, an empty column, or a file
// system that cannot reserve blocks: a column in memory, written by commit()
// as write_column writes it.
//
// The output is still a temporary file renamed over the target by commit();
// a sink destroyed before commit() removes it and leaves the target as it was.
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "io/column.hpp"
#include "io/file.hpp"
#include "io/io.hpp"

namespace ordo::tools::io {

class column_sink {
 public:
  // Throws as write_column would (a .npy of a type numpy lacks...), before
  // any work; the format is o.format or the path's extension.
  column_sink(const std::string& path, dtype t, std::size_t n, const write_options& o = {});
  ~column_sink();
  column_sink(const column_sink&) = delete;
  column_sink& operator=(const column_sink&) = delete;

  dtype type() const { return type_; }
  std::size_t size() const { return count_; }
  const char* dtype_name() const { return to_string(type_); }
  bool mapped() const { return owned_ == std::nullopt; }
  // f.template operator()<T>(std::span<T>) over the values, T the column's type.
  template <class F>
  decltype(auto) visit(F&& f) {
    return visit_dtype(type_, [&]<class T>() -> decltype(auto) { return f(std::span<T>(static_cast<T*>(data_), count_)); });
  }
  // The values reach the file (written now when in memory), which replaces the target.
  void commit();

 private:
  std::string path_;
  write_options options_;
  dtype type_{};
  std::size_t count_ = 0;
  void* data_ = nullptr;
  std::unique_ptr<output_file> file_;  // open, and mapped, unless owned_
  std::optional<column> owned_;
};

}  // namespace ordo::tools::io
