// rough_sort.hpp's ordo::cuda entry points in a build without CUDA: each
// throws errc::not_supported.
#include "common/rough_sort/instantiate.hpp"

namespace ordo::detail {
[[noreturn]] void no_cuda(const char* fn);

template <class K>
std::uint64_t radius_cuda(const cuda&, const K*, std::uint64_t, sort_order) {
  no_cuda("radius");
}
template <class K>
void rough_sort_cuda(const cuda&, const K*, K*, const void*, void*, unsigned, std::uint64_t, std::uint64_t,
                     const rough_sort_options&) {
  no_cuda("rough_sort");
}
template <class K>
void sort_cuda(const cuda&, const K*, K*, const void*, void*, unsigned, std::uint64_t, const sort_options&) {
  no_cuda("sort");
}
ORDO_FOR_EACH_KEY(ORDO_INST_ROUGH)
}  // namespace ordo::detail
