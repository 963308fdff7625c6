// Stream-ordered scratch memory from the caller's memory_resource: allocated
// on the stream, released on the stream when the owner goes out of scope, so
// kernels enqueued before the release still see it and the host never waits.
#pragma once
#include <cuda_runtime.h>

#include <cstddef>
#include <utility>

#include "ordo/execution.hpp"

namespace ordo::detail {

inline memory_resource* resource_of(const cuda& exec) {
  return exec.mr ? exec.mr : default_device_resource();
}

template <class T>
class scratch {
 public:
  scratch(const cuda& exec, std::size_t n)
      : mr_(resource_of(exec)), stream_(exec.stream), n_(n) {
    if (n_) p_ = static_cast<T*>(mr_->allocate(n_ * sizeof(T), stream_));
  }
  scratch(const scratch&) = delete;
  scratch& operator=(const scratch&) = delete;
  scratch(scratch&& o) noexcept
      : mr_(o.mr_), stream_(o.stream_), p_(std::exchange(o.p_, nullptr)), n_(std::exchange(o.n_, 0)) {}
  scratch& operator=(scratch&& o) noexcept {
    std::swap(mr_, o.mr_);
    std::swap(stream_, o.stream_);
    std::swap(p_, o.p_);
    std::swap(n_, o.n_);
    return *this;
  }
  ~scratch() {
    if (p_) mr_->deallocate(p_, n_ * sizeof(T), stream_);
  }
  T* get() const { return p_; }
  std::size_t size() const { return n_; }

 private:
  memory_resource* mr_;
  cudaStream_t stream_;
  T* p_ = nullptr;
  std::size_t n_ = 0;
};

}  // namespace ordo::detail
