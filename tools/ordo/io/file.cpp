#include "io/file.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <limits>
#include <filesystem>
#include <utility>

#include "ordo/error.hpp"

namespace ordo::tools::io {
namespace {
constexpr std::size_t chunk_bytes = std::size_t(8) << 20;

std::string errno_text(int e) { return std::strerror(e); }
}  // namespace

void fail(const std::string& path, const std::string& problem) {
  throw error(errc::io_error, path + ": " + problem);
}

input_file::input_file(const std::string& path) : path_(path) {
  if (is_std_stream(path)) {
    path_ = "<stdin>";
    char buf[1 << 16];
    for (std::size_t got; (got = std::fread(buf, 1, sizeof buf, stdin)) > 0;) stdin_.append(buf, got);
    if (std::ferror(stdin)) fail(path_, "read error: " + errno_text(errno));
    size_ = stdin_.size();
    return;
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) fail(path, "cannot open: " + errno_text(errno));
  if (S_ISDIR(st.st_mode)) fail(path, "is a directory, not a file");
  if (!S_ISREG(st.st_mode)) fail(path, "is not a regular file");
  f_ = std::fopen(path.c_str(), "rb");
  if (!f_) fail(path, "cannot open: " + errno_text(errno));
  size_ = std::uint64_t(st.st_size);
}

input_file::~input_file() {
  if (f_) std::fclose(f_);
}

void input_file::read_exact(void* dst, std::size_t bytes, const char* what) {
  std::size_t got;
  if (!f_) {
    got = std::size_t(std::min<std::uint64_t>(bytes, size_ - pos_));
    if (got) std::memcpy(dst, stdin_.data() + pos_, got);
  } else {
    got = bytes ? std::fread(dst, 1, bytes, f_) : 0;
  }
  pos_ += got;
  if (got != bytes) {
    if (f_ && std::ferror(f_)) fail(path_, std::string("read error in ") + what + ": " + errno_text(errno));
    fail(path_, std::string("truncated file: ") + what + " needs " + std::to_string(bytes) +
                    " bytes but only " + std::to_string(got) + " remain");
  }
}

void input_file::read_bulk(void* dst, std::uint64_t bytes, const char* what, const progress_policy& p) {
  progress bar("reading " + path_, bytes, p.allowed, p.threshold);
  auto* out = static_cast<unsigned char*>(dst);
  for (std::uint64_t done = 0; done < bytes;) {
    const std::size_t n = std::size_t(std::min<std::uint64_t>(chunk_bytes, bytes - done));
    read_exact(out + done, n, what);
    done += n;
    bar.update(done);
  }
  bar.finish();
}

output_file::output_file(const std::string& path) : path_(path), target_(path) {
  if (is_std_stream(path)) {
    path_ = "<stdout>";
    f_ = stdout;
    return;
  }
  namespace fs = std::filesystem;
  std::error_code ec;
  // Through a symlink, replace the file it points to, not the link.
  if (fs::is_symlink(fs::symlink_status(path, ec))) {
    const fs::path real = fs::weakly_canonical(path, ec);
    if (!ec) target_ = real.string();
  }
  struct stat st {};
  const bool exists = ::stat(target_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode)) fail(path, "is a directory, not a file");
  if (exists && !S_ISREG(st.st_mode)) {  // /dev/null, a FIFO...: write to it directly
    f_ = std::fopen(target_.c_str(), "wb");
    if (!f_) fail(path, "cannot create: " + errno_text(errno));
    return;
  }
  const fs::path t(target_);
  const fs::path dir = t.has_parent_path() ? t.parent_path() : fs::path(".");
  std::string tmpl = (dir / ("." + t.filename().string() + ".ordo-XXXXXX")).string();
  const int fd = ::mkstemp(tmpl.data());
  if (fd < 0) fail(path, "cannot create: " + errno_text(errno));
  temp_ = tmpl;
  // mkstemp makes 0600; give the file the mode it would have had (or kept).
  mode_t mode = st.st_mode & 07777;
  if (!exists) {
    const mode_t mask = ::umask(0);
    ::umask(mask);
    mode = 0666 & ~mask;
  }
  ::fchmod(fd, mode);
  f_ = ::fdopen(fd, "wb");
  if (!f_) {
    const int e = errno;
    ::close(fd);
    ::unlink(temp_.c_str());
    fail(path, "cannot create: " + errno_text(e));
  }
}

output_file::~output_file() {
  unmap();
  if (f_ && f_ != stdout) std::fclose(f_);
  if (!temp_.empty()) ::unlink(temp_.c_str());
}

void output_file::write(const void* src, std::size_t bytes) {
  if (map_) fail(path_, "internal: write after map_rest");
  if (bytes && std::fwrite(src, 1, bytes, f_) != bytes) fail(path_, "write failed: " + errno_text(errno));
}

void output_file::write_bulk(const void* src, std::uint64_t bytes, const progress_policy& p) {
  progress bar("writing " + path_, bytes, p.allowed, p.threshold);
  const auto* in = static_cast<const unsigned char*>(src);
  for (std::uint64_t done = 0; done < bytes;) {
    const std::size_t n = std::size_t(std::min<std::uint64_t>(chunk_bytes, bytes - done));
    write(in + done, n);
    done += n;
    bar.update(done);
  }
  bar.finish();
}

void* output_file::map_rest(std::uint64_t bytes) {
  if (!f_ || temp_.empty() || map_ || bytes == 0) return nullptr;
  if (std::fflush(f_) != 0) fail(path_, "write failed: " + errno_text(errno));
  const int fd = ::fileno(f_);
  const off_t at = ::lseek(fd, 0, SEEK_CUR);
  if (at < 0) return nullptr;
  const std::uint64_t total = std::uint64_t(at) + bytes;
  if (total > std::uint64_t(SIZE_MAX) || total > std::uint64_t(std::numeric_limits<off_t>::max()))
    fail(path_, "too large to write: " + std::to_string(total));
  // Reserve every block now (and size the file): a full disk is a clear
  // error here, where with a sparse file it would be a SIGBUS mid-write.
  if (::fallocate(fd, 0, 0, off_t(total)) != 0) {
    const int e = errno;
    if (e == EOPNOTSUPP || e == ENOSYS || e == EINVAL) return nullptr;  // the file system cannot: write()
    std::string problem = "cannot reserve ";  // appended, not operator+ (a false -Wrestrict in gcc 12)
    problem += std::to_string(total);
    problem += " bytes: ";
    problem += errno_text(e);
    fail(path_, problem);
  }
  void* p = ::mmap(nullptr, std::size_t(total), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) {
    if (::ftruncate(fd, at) != 0) fail(path_, "cannot map for writing: " + errno_text(errno));
    return nullptr;
  }
  map_ = p;
  map_bytes_ = std::size_t(total);
#ifdef MADV_POPULATE_WRITE
  // Every page in now, writable, in one call: the caller's writes then take
  // no faults (a fault a 4 KiB page of a shared file mapping otherwise, and
  // two threads faulting into one file contend). Best effort (Linux >= 5.14).
  ::madvise(p, map_bytes_, MADV_POPULATE_WRITE);
#endif
  return static_cast<unsigned char*>(p) + at;
}

void output_file::unmap() {
  if (map_) ::munmap(std::exchange(map_, nullptr), map_bytes_);
}

void output_file::close() {
  if (!f_) return;
  unmap();  // the pages stay in the file's page cache: written back as write()'s are
  std::FILE* f = std::exchange(f_, nullptr);
  if (f == stdout) {
    if (std::fflush(f) != 0 || std::ferror(f)) fail(path_, "write failed: " + errno_text(errno));
    return;
  }
  if (std::fflush(f) != 0 || std::ferror(f)) {
    const int e = errno;
    std::fclose(f);
    fail(path_, "write failed: " + errno_text(e));
  }
  if (std::fclose(f) != 0) fail(path_, "write failed: " + errno_text(errno));
  if (!temp_.empty()) {
    if (::rename(temp_.c_str(), target_.c_str()) != 0) fail(path_, "cannot replace: " + errno_text(errno));
    temp_.clear();
  }
}

}  // namespace ordo::tools::io
