#include "io/file.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

#include "ordo/error.hpp"

namespace ordo::tools::io {
namespace {
constexpr std::size_t chunk_bytes = std::size_t(8) << 20;
}

void fail(const std::string& path, const std::string& problem) {
  throw error(errc::io_error, path + ": " + problem);
}

input_file::input_file(const std::string& path) : path_(path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) fail(path, std::string("cannot open: ") + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) fail(path, "is a directory, not a file");
  if (!S_ISREG(st.st_mode)) fail(path, "is not a regular file");
  f_ = std::fopen(path.c_str(), "rb");
  if (!f_) fail(path, std::string("cannot open: ") + std::strerror(errno));
  size_ = std::uint64_t(st.st_size);
}

input_file::~input_file() {
  if (f_) std::fclose(f_);
}

void input_file::read_exact(void* dst, std::size_t bytes, const char* what) {
  const std::size_t got = bytes ? std::fread(dst, 1, bytes, f_) : 0;
  pos_ += got;
  if (got != bytes) {
    if (std::ferror(f_)) fail(path_, std::string("read error in ") + what + ": " + std::strerror(errno));
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

output_file::output_file(const std::string& path) : path_(path) {
  f_ = std::fopen(path.c_str(), "wb");
  if (!f_) fail(path, std::string("cannot create: ") + std::strerror(errno));
}

output_file::~output_file() {
  if (f_) std::fclose(f_);
}

void output_file::write(const void* src, std::size_t bytes) {
  if (bytes && std::fwrite(src, 1, bytes, f_) != bytes)
    fail(path_, std::string("write failed: ") + std::strerror(errno));
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

void output_file::close() {
  if (!f_) return;
  std::FILE* f = std::exchange(f_, nullptr);
  if (std::fflush(f) != 0 || std::ferror(f)) {
    const int e = errno;
    std::fclose(f);
    fail(path_, std::string("write failed: ") + std::strerror(e));
  }
  if (std::fclose(f) != 0) fail(path_, std::string("write failed: ") + std::strerror(errno));
}

}  // namespace ordo::tools::io
