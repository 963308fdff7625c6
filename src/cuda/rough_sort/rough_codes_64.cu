// The fused roughsort kernel (every run length) and the radius kernels for
// 64-bit order codes.
#include "ordo/cuda/rough_sort/dispatch/rough_sort_dispatch.cuh"

namespace ordo::detail::rough {
template rough_status window_pass<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t, int,
                                                  std::uint64_t, bool);
template rough_status tiles_pass<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t, int);
template rough_status keys_pass<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t, int);
template std::uint64_t radius_lower_bound<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t);
template std::uint64_t radius_codes<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, std::uint64_t);
}  // namespace ordo::detail::rough
