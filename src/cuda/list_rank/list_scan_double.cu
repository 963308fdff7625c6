// list_scan over double values.
#include "cuda/list_rank/list_scan_entry.cuh"
ORDO_LIST_SCAN_CUDA_TYPE(double)
