// Every kernel of the segmented sort over 64-bit order codes (int64, uint64, double).
#include "ordo/cuda/segmented_sort.cuh"

namespace ordo::detail::segsort {
template void segsort_codes<std::uint64_t>(const cuda&, const code_io<std::uint64_t>&, const segment_desc&, bool,
                                           segsort_write, segsort_path, std::uint64_t*);
}
