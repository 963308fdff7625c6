// Built instead of src/cuda/ when CUDA is not available: every ordo::cuda
// entry point exists and throws errc::not_supported.
#include "ordo/detail/key_types.hpp"
#include "ordo/rank.hpp"

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

template <class Key, class Rank>
void rank_sorted(const cuda&, std::span<const Key>, std::span<Rank>, const rank_sorted_options&) {
  detail::no_cuda("rank_sorted");
}
template <class Key, class Rank>
void rank(const cuda&, std::span<const Key>, std::span<Rank>, const rank_options&) {
  detail::no_cuda("rank");
}

#define ORDO_STUB(K, R)                                                                               \
  template void rank_sorted<K, R>(const cuda&, std::span<const K>, std::span<R>, const rank_sorted_options&); \
  template void rank<K, R>(const cuda&, std::span<const K>, std::span<R>, const rank_options&);
#define ORDO_STUB_ALL(K) ORDO_STUB(K, std::uint32_t) ORDO_STUB(K, std::uint64_t) ORDO_STUB(K, float) ORDO_STUB(K, double)
ORDO_FOR_EACH_KEY(ORDO_STUB_ALL)
}  // namespace ordo

#include "ordo/device_buffer.hpp"
namespace ordo::detail {
void copy_to_device_on(void*, const void*, std::size_t, CUstream_st*) { detail::no_cuda("copy_to_device_on"); }
void copy_to_host_after(void*, const void*, std::size_t, CUstream_st*) { detail::no_cuda("copy_to_host_after"); }
void device_synchronize() { detail::no_cuda("device_synchronize"); }
}  // namespace ordo::detail

namespace ordo {
rank_variant chosen_variant(const cuda&, const rank_sorted_options&) { detail::no_cuda("chosen_variant"); }
}  // namespace ordo
