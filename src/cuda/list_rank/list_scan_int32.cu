// list_scan over int32 values.
#include "cuda/list_rank/list_scan_entry.cuh"
ORDO_LIST_SCAN_CUDA_TYPE(std::int32_t)
