// Lets one definition serve the CPU and the GPU code.
#pragma once
#if defined(__CUDACC__)
#define ORDO_HD __host__ __device__ __forceinline__
#else
#define ORDO_HD inline
#endif
