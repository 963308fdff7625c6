// The device "space" for primitives_cases.hpp: data in device_buffer, run on ordo::cuda.
#pragma once
#include <span>
#include <vector>

#include "ordo/device_buffer.hpp"
#include "ordo/execution.hpp"

namespace ordo_test {

struct device_space {
  ordo::cuda exec;
  template <class T>
  ordo::device_buffer<T> buf(const std::vector<T>& h) { return ordo::device_buffer<T>(std::span<const T>(h)); }
  template <class T>
  std::span<T> span(ordo::device_buffer<T>& b) { return b.span(); }
  template <class T>
  std::span<const T> cspan(const ordo::device_buffer<T>& b) { return b.span(); }
  template <class T>
  std::vector<T> get(const ordo::device_buffer<T>& b) {
    ordo::detail::device_synchronize();
    std::vector<T> h(b.size());
    b.download(h);
    return h;
  }
};

}  // namespace ordo_test
