// Every kernel of the segmented sort over 32-bit order codes (int32, uint32, float).
#include "ordo/cuda/segmented_sort.cuh"

namespace ordo::detail::segsort {
template void segsort_codes<std::uint32_t>(const cuda&, const code_io<std::uint32_t>&, const segment_desc&, bool,
                                           segsort_write, segsort_path, std::uint64_t*);
}
