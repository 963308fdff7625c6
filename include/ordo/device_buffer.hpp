// A minimal owning buffer of device memory, for examples, the CLI and tests.
// ordo's algorithms take std::span over device memory from any allocator;
// this is a convenience, not a requirement.
#pragma once
#include <cstddef>
#include <span>
#include <utility>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"  // CUstream_st

namespace ordo {

namespace detail {
void* device_alloc(std::size_t bytes);                         // cudaMalloc, throws ordo::error
void device_free(void* p) noexcept;                            // cudaFree
void copy_to_device(void* dst, const void* src, std::size_t bytes);    // synchronous
void copy_to_host(void* dst, const void* src, std::size_t bytes);      // synchronous
// Copies after the work queued on `stream` and waits for it (a small result,
// such as a count, from a call that ran on a stream of the caller's).
void copy_to_host_after(void* dst, const void* src, std::size_t bytes, CUstream_st* stream);
void device_synchronize();                                     // cudaDeviceSynchronize, throws on error
}  // namespace detail

template <class T>
class device_buffer {
 public:
  device_buffer() = default;
  explicit device_buffer(std::size_t n) : n_(n) {
    if (n) p_ = static_cast<T*>(detail::device_alloc(n * sizeof(T)));
  }
  device_buffer(std::span<const T> host) : device_buffer(host.size()) { upload(host); }
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;
  device_buffer(device_buffer&& o) noexcept : p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  device_buffer& operator=(device_buffer&& o) noexcept {
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  ~device_buffer() { detail::device_free(p_); }

  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  std::span<T> span() { return {p_, n_}; }
  std::span<const T> span() const { return {p_, n_}; }
  operator std::span<T>() { return span(); }
  operator std::span<const T>() const { return span(); }

  void upload(std::span<const T> host) {
    if (host.size() != n_) throw error(errc::invalid_argument, "device_buffer::upload: size mismatch");
    if (n_) detail::copy_to_device(p_, host.data(), n_ * sizeof(T));
  }
  void download(std::span<T> host) const {
    if (host.size() != n_) throw error(errc::invalid_argument, "device_buffer::download: size mismatch");
    if (n_) detail::copy_to_host(host.data(), p_, n_ * sizeof(T));
  }

 private:
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace ordo
