// list_scan over uint32 values.
#include "cuda/list_rank/list_scan_entry.cuh"
ORDO_LIST_SCAN_CUDA_TYPE(std::uint32_t)
