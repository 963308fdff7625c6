// list_scan over int64 values.
#include "cuda/list_rank/list_scan_entry.cuh"
ORDO_LIST_SCAN_CUDA_TYPE(std::int64_t)
