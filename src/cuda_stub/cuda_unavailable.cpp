// Built instead of src/cuda/ when CUDA is not available: what libordo itself
// defines for the GPU (availability, the default resource, the copies of
// device_buffer) throws errc::not_supported. The algorithms' ordo::cuda
// entry points need nothing here: their front doors reach
// detail/backend.hpp's one "not built" backend<cuda, Op>.
#include <string>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/detail/backend.hpp"

namespace ordo {
namespace detail {
[[noreturn]] void no_cuda(const char* fn) {
  throw error(errc::not_supported, std::string(fn) + ": " + cuda_unavailable_reason());
}
}  // namespace detail

bool cuda_available() { return false; }
std::string cuda_unavailable_reason() {
  return "this ordo was built without CUDA, so it cannot use a GPU (configure with -DORDO_ENABLE_CUDA=ON "
         "where the CUDA toolkit is installed; ordo::cpu runs everything here)";
}
memory_resource* default_device_resource() { detail::no_cuda("default_device_resource"); }
}  // namespace ordo

#include "ordo/device_buffer.hpp"
namespace ordo::detail {
void copy_to_device_on(void*, const void*, std::size_t, CUstream_st*) { detail::no_cuda("copy_to_device_on"); }
void copy_to_host_after(void*, const void*, std::size_t, CUstream_st*) { detail::no_cuda("copy_to_host_after"); }
void device_synchronize() { detail::no_cuda("device_synchronize"); }
void copy_on_device(void*, const void*, std::size_t, CUstream_st*) { detail::no_cuda("copy_on_device"); }
void stream_wait(CUstream_st*, CUstream_st*) { detail::no_cuda("stream_wait"); }
void stream_synchronize(CUstream_st*) { detail::no_cuda("stream_synchronize"); }
int current_device() { detail::no_cuda("current_device"); }
}  // namespace ordo::detail

