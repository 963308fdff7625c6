// Files for the readers and writers: open with a clear error, read and write
// large blocks in chunks (so progress can be shown), and report short reads
// and failed writes as ordo::error(io_error) naming the file.
//
// "-" is stdin for an input_file (read whole into memory: a pipe has no size)
// and stdout for an output_file. An output that is a regular file (or does not
// exist yet) is written to a temporary file beside it and renamed over it by
// close(): a failure midway leaves the old file as it was, which is what makes
// `--in-place` safe. The bulk of such a file can instead be written through a
// mapping of it (map_rest): no copy through write(2).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>

#include "progress.hpp"

namespace ordo::tools::io {

// How progress is shown: allowed (a TTY or --progress) and from what size.
struct progress_policy {
  bool allowed = false;
  std::uint64_t threshold = default_progress_threshold;
};

[[noreturn]] void fail(const std::string& path, const std::string& problem);  // throws io_error "path: problem"

// "-": the standard input or output.
inline bool is_std_stream(const std::string& path) { return path == "-"; }

class input_file {
 public:
  explicit input_file(const std::string& path);  // a regular file or "-"; throws when missing
  ~input_file();
  input_file(const input_file&) = delete;
  input_file& operator=(const input_file&) = delete;

  // "<stdin>" for "-": messages name it so.
  const std::string& path() const { return path_; }
  std::uint64_t size() const { return size_; }
  std::uint64_t position() const { return pos_; }

  // Exactly `bytes` bytes, or throws "truncated ... (`what`)".
  void read_exact(void* dst, std::size_t bytes, const char* what);
  // Like read_exact, in chunks with a "reading PATH: N%" line.
  void read_bulk(void* dst, std::uint64_t bytes, const char* what, const progress_policy& p);

 private:
  std::string path_;
  std::FILE* f_ = nullptr;
  std::string stdin_;  // all of stdin, for "-"
  std::uint64_t size_ = 0;
  std::uint64_t pos_ = 0;
};

class output_file {
 public:
  explicit output_file(const std::string& path);  // "-", or a temporary file renamed to `path` by close()
  ~output_file();                                 // not closed: the temporary file is removed
  output_file(const output_file&) = delete;
  output_file& operator=(const output_file&) = delete;

  const std::string& path() const { return path_; }
  void write(const void* src, std::size_t bytes);
  void write_bulk(const void* src, std::uint64_t bytes, const progress_policy& p);
  // The next `bytes` bytes of a temporary file, mapped for the caller to
  // write in place of write_bulk; nothing may be written after them. The
  // file's blocks are reserved first, so a full disk fails here (io_error)
  // and not as a fault while the caller writes. nullptr where that cannot be
  // done — stdout or a target that is not a regular file, a file system that
  // cannot reserve blocks (fallocate), bytes == 0 — and the caller writes.
  // The mapping lasts until close() or the destructor.
  void* map_rest(std::uint64_t bytes);
  void close();  // flushes and renames; throws if the data did not reach the file (disk full...)

 private:
  std::string path_;    // as the user gave it, for messages
  std::string target_;  // where it lands: path_ with symlinks resolved
  std::string temp_;    // the temporary file; empty when writing straight to the target
  std::FILE* f_ = nullptr;
  void* map_ = nullptr;  // map_rest's mapping (from the file's start) and its length
  std::size_t map_bytes_ = 0;
  void unmap();
};

}  // namespace ordo::tools::io
