#include "io/column_view.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <type_traits>
#include <utility>

#include "io/npy.hpp"
#include "io/raw.hpp"

namespace ordo::tools::io {
namespace {

// The file's first `bytes` bytes mapped read-only and populated (one call
// instead of a fault per page), or null when the file cannot be mapped or
// is no longer `bytes` long (replaced since its header was read).
void* map_file(const std::string& path, std::size_t bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return nullptr;
  struct stat st {};
  void* p = MAP_FAILED;
  if (::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && std::uint64_t(st.st_size) == bytes)
    p = ::mmap(nullptr, bytes, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  ::close(fd);
  return p == MAP_FAILED ? nullptr : p;
}

bool is_bool(dtype t) {
  return visit_dtype(t, []<class T>() { return std::is_same_v<T, bool>; });
}

}  // namespace

void column_view::unmap::operator()(void* p) const {
  if (p) ::munmap(p, bytes);
}

column_view::column_view(column c) : type_(c.type()), count_(c.size()), owned_(std::move(c)) {
  data_ = std::visit([](const auto& v) -> const void* { return v.data(); }, owned_->data);
}

column_view::column_view(dtype t, std::unique_ptr<void, unmap> map, std::size_t offset, std::size_t count)
    : type_(t), count_(count), data_(static_cast<const char*>(map.get()) + offset), map_(std::move(map)) {}

column_view view_column(const std::string& path, const read_options& o) {
  const file_format f = checked_input_format(path, o);
  if (f == file_format::text || is_std_stream(path)) return column_view(read_column(path, o));
  dtype t{};
  std::uint64_t count = 0, offset = 0, file_bytes = 0;
  {
    input_file in(path);
    if (f == file_format::npy) {
      const npy_header h = read_npy_header(in);
      check_npy_type(path, o, h.type);
      t = h.type, count = h.count, offset = in.position();
    } else {
      t = *o.type, count = raw_count(in, t);
    }
    file_bytes = in.size();
  }
  // bool keys are checked byte by byte as they are read; an unaligned
  // start (a .npy header not padded as numpy pads it) cannot be used in place.
  const bool usable = count > 0 && !is_bool(t) && offset % element_size(t) == 0;
  if (usable)
    if (void* p = map_file(path, std::size_t(file_bytes)))
      return column_view(t, std::unique_ptr<void, column_view::unmap>(p, column_view::unmap{std::size_t(file_bytes)}),
                         std::size_t(offset), std::size_t(count));
  return column_view(read_column(path, o));
}

}  // namespace ordo::tools::io
