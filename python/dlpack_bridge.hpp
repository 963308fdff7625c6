// DLPack on the GPU without CuPy or torch in between. A GPU array that the
// caller's framework gives only through DLPack (JAX arrays; any producer
// without __cuda_array_interface__) is read here from its capsule, and the
// results for it are ordo-owned device arrays (ordo._ordo.DeviceArray) that
// export __dlpack__ / __dlpack_device__ / __cuda_array_interface__, which the
// package hands to the caller's framework's from_dlpack (python/ordo/_interop.py).
//
// Streams: such a call runs on CUDA's per-thread default stream (JAX has no
// "current stream" to follow; never the legacy default stream): the producer
// is asked to have its data ready there (__dlpack__(stream=2)), and a consumer
// of a result that names its stream waits for that stream's work by an event,
// without the host waiting.
#pragma once
#include <pybind11/pybind11.h>

#include <cstddef>

#include "array_helpers.hpp"

namespace ordo_py {

// Whether `obj` is read through DLPack: a CUDA DLPack producer that is a JAX
// array (whose __cuda_array_interface__ names no stream) or has no
// __cuda_array_interface__ at all.
bool is_gpu_dlpack(py::handle obj);
array from_gpu_dlpack(py::handle obj, const char* fn, const char* name, bool allow_flags);

// n elements of kind k in device memory of `like`'s device, on its stream.
result device_result(const array& like, std::size_t n, key_kind k);
// obj[:count] of a device_result.
py::object device_head(const py::object& obj, std::size_t count);

void add_device_array(py::module_& m);

}  // namespace ordo_py
