// ordo's one owning buffer of device memory: typed and stream-ordered. It
// takes its memory from an ordo::cuda's memory_resource on that call's stream
// and gives it back on the same stream, so work queued before the buffer goes
// out of scope still sees it and the host never waits. ordo's dispatches use
// it for their scratch (detail::scratch); examples, the CLI and tests for
// their data. ordo's algorithms take std::span over device memory from any
// allocator: this is a convenience, not a requirement.
//
//   device_buffer<T> b(exec, n);      // on exec's stream, from exec's resource
//   device_buffer<T> b(n);            // ordo::cuda{}: the default resource
//   device_buffer<T> b(host_span);    //   (cudaMallocAsync) on the legacy stream
#pragma once
#include <cstddef>
#include <span>
#include <utility>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"  // CUstream_st, memory_resource

namespace ordo {

namespace detail {
// The resource a call on `exec` allocates from.
inline memory_resource* resource_of(const cuda& exec) { return exec.mr ? exec.mr : default_device_resource(); }
// Copies ordered after the work queued on `stream`, then waits for them (so
// the host memory may go away, or be read, at once).
void copy_to_device_on(void* dst, const void* src, std::size_t bytes, CUstream_st* stream);
void copy_to_host_after(void* dst, const void* src, std::size_t bytes, CUstream_st* stream);
void device_synchronize();  // cudaDeviceSynchronize, throws on error
// Device-to-device copy enqueued on `stream` (no wait).
void copy_on_device(void* dst, const void* src, std::size_t bytes, CUstream_st* stream);
// Work enqueued on `waiter` from now on runs after the work queued so far on
// `producer` (an event between them; the host does not wait).
void stream_wait(CUstream_st* waiter, CUstream_st* producer);
void stream_synchronize(CUstream_st* stream);
int current_device();  // cudaGetDevice
}  // namespace detail

template <class T>
class device_buffer {
 public:
  device_buffer() = default;
  device_buffer(const cuda& exec, std::size_t n) : stream_(exec.stream), n_(n) {
    if (!n_) return;  // no resource asked for: an empty buffer works without a device
    mr_ = detail::resource_of(exec);
    p_ = static_cast<T*>(mr_->allocate(n_ * sizeof(T), stream_));
  }
  device_buffer(const cuda& exec, std::span<const T> host) : device_buffer(exec, host.size()) { upload(host); }
  // On the legacy default stream, which waits for (and is waited on by) every
  // blocking stream: freed there, the memory is reused only after the work
  // queued before the free, as cudaFree's was.
  explicit device_buffer(std::size_t n) : device_buffer(cuda{}, n) {}
  device_buffer(std::span<const T> host) : device_buffer(cuda{}, host) {}

  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;
  device_buffer(device_buffer&& o) noexcept { swap(o); }
  device_buffer& operator=(device_buffer&& o) noexcept {
    swap(o);
    return *this;
  }
  ~device_buffer() {
    if (p_) mr_->deallocate(p_, n_ * sizeof(T), stream_);
  }

  T* data() { return p_; }
  const T* data() const { return p_; }
  std::size_t size() const { return n_; }
  CUstream_st* stream() const { return stream_; }
  std::span<T> span() { return {p_, n_}; }
  std::span<const T> span() const { return {p_, n_}; }
  operator std::span<T>() { return span(); }
  operator std::span<const T>() const { return span(); }

  // Synchronous: ordered on the buffer's stream, and done when they return.
  void upload(std::span<const T> host) {
    if (host.size() != n_) throw error(errc::invalid_argument, "device_buffer::upload: size mismatch");
    if (n_) detail::copy_to_device_on(p_, host.data(), n_ * sizeof(T), stream_);
  }
  void download(std::span<T> host) const {
    if (host.size() != n_) throw error(errc::invalid_argument, "device_buffer::download: size mismatch");
    if (n_) detail::copy_to_host_after(host.data(), p_, n_ * sizeof(T), stream_);
  }

 private:
  void swap(device_buffer& o) noexcept {
    std::swap(mr_, o.mr_);
    std::swap(stream_, o.stream_);
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
  }
  memory_resource* mr_ = nullptr;
  CUstream_st* stream_ = nullptr;
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace ordo
