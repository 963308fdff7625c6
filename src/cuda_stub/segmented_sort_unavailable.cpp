// segmented_sort.hpp's ordo::cuda entry points in a build without CUDA: each
// throws errc::not_supported.
#include "common/segmented_sort/instantiate.hpp"

namespace ordo::detail {
[[noreturn]] void no_cuda(const char* fn);

template <class K, class C>
void segmented_sort_cuda(const cuda&, const K*, K*, const void*, void*, unsigned, const segment_desc&,
                         const segmented_sort_options&, C) {
  no_cuda("segmented_sort");
}
ORDO_FOR_EACH_KEY(ORDO_INST_SEGSORT)

void device_copy(const cuda&, void*, const void*, std::uint64_t) { no_cuda("segmented_sort_in_place"); }
device_scratch_bytes::device_scratch_bytes(const cuda&, std::uint64_t) { no_cuda("segmented_sort_in_place"); }
device_scratch_bytes::~device_scratch_bytes() = default;
}  // namespace ordo::detail
