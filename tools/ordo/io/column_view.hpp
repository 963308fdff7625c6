// A column of keys to read only, for a verb that writes its result to a
// column of its own (`ordo sort`): a .npy or raw file is mapped and its keys
// used where they lie, not read into a copy first (on the 2-core VM, reading
// 400 MB of int32 into a column took 0.35 s and as many fresh pages as the
// keys). Other inputs (text, stdin, bool, a file that cannot be mapped) are
// read as read_column reads them, with the same checks and messages.
//
// The mapping is private and read-only. A file replaced while it is mapped
// (the CLI's own output goes to a new file renamed over the old one, with
// --in-place too) leaves the mapped keys as they were; a file truncated in
// place by another program makes the reads fault (SIGBUS), as numpy's
// np.load(mmap_mode='r') does.
#pragma once
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "io/column.hpp"
#include "io/io.hpp"

namespace ordo::tools::io {

class column_view {
 public:
  explicit column_view(column c);  // keys read into memory

  dtype type() const { return type_; }
  std::size_t size() const { return count_; }
  bool mapped() const { return map_ != nullptr; }
  // f.template operator()<T>(std::span<const T>) for the keys' type T.
  template <class F>
  decltype(auto) visit(F&& f) const {
    return visit_dtype(type_, [&]<class T>() -> decltype(auto) {
      return f(std::span<const T>(static_cast<const T*>(data_), count_));
    });
  }

 private:
  friend column_view view_column(const std::string& path, const read_options& o);
  struct unmap {
    std::size_t bytes;
    void operator()(void* p) const;
  };
  column_view(dtype t, std::unique_ptr<void, unmap> map, std::size_t offset, std::size_t count);

  dtype type_{};
  std::size_t count_ = 0;
  const void* data_ = nullptr;
  std::unique_ptr<void, unmap> map_{nullptr, unmap{0}};
  std::optional<column> owned_;
};

// The keys of `path` as read_column would read them (the same checks and
// errors), mapped where the file's bytes can be used as they are.
column_view view_column(const std::string& path, const read_options& o = {});

}  // namespace ordo::tools::io
