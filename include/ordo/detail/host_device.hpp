// Lets one definition serve the CPU and the GPU code.
//   ORDO_HD     host and device, always inlined (small helpers of kernels)
//   ORDO_OP_HD  host and device, inlining left to the compiler (the public
//               functors and constexpr helpers)
#pragma once
#if defined(__CUDACC__)
#define ORDO_HD __host__ __device__ __forceinline__
#define ORDO_OP_HD __host__ __device__
#else
#define ORDO_HD inline
#define ORDO_OP_HD
#endif
