// The GPU side of the narrow keys' carrier step (detail/narrow_keys.hpp):
// device_buffers on exec's stream and one elementwise kernel per conversion,
// compiled into libordo for the narrow key types
// (src/cuda/common/narrow_keys.cu). Included by narrow_keys.hpp where ordo
// was built with CUDA; no CUDA header needed.
#pragma once
#include <cstdint>
#include <string>

#include "ordo/device_buffer.hpp"
#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/detail/key_traits.hpp"

namespace ordo::detail {

// K: a narrow key type of ORDO_FOR_EACH_NARROW_KEY. Asynchronous on exec.stream.
template <class K>
void widen_keys_cuda(const cuda& exec, const K* in, carrier_t<K>* out, std::uint64_t n);
template <class K>
void narrow_keys_cuda(const cuda& exec, const carrier_t<K>* in, K* out, std::uint64_t n);

struct cuda_key_conversion {
  template <class C>
  static device_buffer<C> allocate(const cuda& exec, std::size_t n) {
    return device_buffer<C>(exec, n);
  }
  template <class K>
  static void widen(const cuda& exec, const K* in, carrier_t<K>* out, std::size_t n) {
    widen_keys_cuda<K>(exec, in, out, n);
  }
  template <class K>
  static void narrow(const cuda& exec, const carrier_t<K>* in, K* out, std::size_t n) {
    narrow_keys_cuda<K>(exec, in, out, n);
  }
};

template <class Op>
struct backend<cuda, op::carry<Op>> {
  template <class Fn, class... Args>
  static decltype(auto) run(const cuda& exec, Fn&& fn, Args... args) {
    // Without a usable GPU, say so naming the operation (the carrier's
    // allocation would otherwise fail first, naming cudaMallocAsync).
    if (!cuda_available()) throw error(errc::not_supported, std::string(Op::name) + ": " + cuda_unavailable_reason());
    return run_via_carrier<cuda_key_conversion>(exec, fn, args...);
  }
};

}  // namespace ordo::detail
