// The little each application needs beyond ordo's own calls, on both
// backends: a buffer type, an element-wise loop, and a read-back of one value.
// The applications are written once as templates over the execution policy;
// their element-wise steps are functors with APP_HD call operators, compiled
// for the host by the C++ compiler and for the device by nvcc.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "ordo/device_buffer.hpp"
#include "ordo/error.hpp"
#include "ordo/execution.hpp"

#if defined(__CUDACC__)
#define APP_HD __host__ __device__
#include <cuda_runtime.h>
#else
#define APP_HD
#endif

namespace ordo_apps {

// std::vector on the CPU; on the GPU ordo's device_buffer, taken from exec's
// memory resource (the cudaMallocAsync pool by default) on exec's stream and
// given back there, so an application's scratch costs no cudaMalloc or
// cudaFree synchronisation.
template <class Exec, class T>
using buffer = std::conditional_t<std::is_same_v<Exec, ordo::cuda>, ordo::device_buffer<T>, std::vector<T>>;

template <class T>
std::vector<T> make_buffer(const ordo::cpu&, std::size_t n) {
  return std::vector<T>(n);
}
template <class T>
ordo::device_buffer<T> make_buffer(const ordo::cuda& exec, std::size_t n) {
  return ordo::device_buffer<T>(exec, n);
}

template <class B>
auto span_of(B& b) {
  return std::span(b.data(), b.size());
}
template <class B>
auto cspan_of(const B& b) {
  return std::span(b.data(), b.size());
}

// f(i) for every i in [0, n), in parallel.
template <class F>
void for_each_index(const ordo::cpu& exec, std::uint64_t n, const F& f) {
  if (n < (1u << 15)) {
    for (std::uint64_t i = 0; i < n; ++i) f(i);
    return;
  }
  const std::int64_t m = static_cast<std::int64_t>(n);
#pragma omp parallel for num_threads(exec.resolved_threads()) schedule(static)
  for (std::int64_t i = 0; i < m; ++i) f(static_cast<std::uint64_t>(i));
}

// s[0] (or all of s) from the backend's memory, after the work queued so far.
template <class T>
T read_back(const ordo::cpu&, std::span<const T> s) {
  return s[0];
}

template <class T>
std::vector<T> read_back_all(const ordo::cpu&, std::span<const T> s) {
  return {s.begin(), s.end()};
}

#if defined(__CUDACC__)
namespace detail {
template <class F>
__global__ void for_each_index_kernel(std::uint64_t n, F f) {
  const std::uint64_t stride = std::uint64_t(gridDim.x) * blockDim.x;
  for (std::uint64_t i = std::uint64_t(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride) f(i);
}
inline void check(cudaError_t e, const char* what) {
  if (e != cudaSuccess) throw ordo::error(ordo::errc::cuda_error, std::string(what) + ": " + cudaGetErrorString(e));
}
}  // namespace detail

template <class F>
void for_each_index(const ordo::cuda& exec, std::uint64_t n, const F& f) {
  if (n == 0) return;
  constexpr unsigned block = 256;
  const std::uint64_t blocks = (n + block - 1) / block;
  const unsigned grid = blocks < 65536 * 8 ? unsigned(blocks) : 65536u * 8;
  detail::for_each_index_kernel<<<grid, block, 0, exec.stream>>>(n, f);
  detail::check(cudaGetLastError(), "ordo_apps::for_each_index launch");
}

template <class T>
T read_back(const ordo::cuda& exec, std::span<const T> s) {
  T v{};
  ordo::detail::copy_to_host_after(&v, s.data(), sizeof(T), exec.stream);
  return v;
}

template <class T>
std::vector<T> read_back_all(const ordo::cuda& exec, std::span<const T> s) {
  std::vector<T> v(s.size());
  ordo::detail::copy_to_host_after(v.data(), s.data(), s.size() * sizeof(T), exec.stream);
  return v;
}
#endif

// A backend buffer holding a copy of host data (the copy waits for exec's stream).
template <class T>
std::vector<T> upload(const ordo::cpu&, const std::vector<T>& h) {
  return h;
}
template <class T>
ordo::device_buffer<T> upload(const ordo::cuda& exec, const std::vector<T>& h) {
  return ordo::device_buffer<T>(exec, std::span<const T>(h));
}

// A host copy of a backend buffer, after the work queued on its stream.
template <class T>
std::vector<T> to_host(const std::vector<T>& b) {
  return b;
}
template <class T>
std::vector<T> to_host(const ordo::device_buffer<T>& b) {
  std::vector<T> h(b.size());
  b.download(std::span<T>(h));
  return h;
}

}  // namespace ordo_apps
