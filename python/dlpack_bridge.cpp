// DLPack import and export for GPU arrays (dlpack_bridge.hpp). The structs are
// the DLPack C ABI (dlpack.h, unversioned "dltensor" capsules), written out
// here because no package on the build machines ships the header.
#include "dlpack_bridge.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>

#include "ordo/detail/key_dtypes.hpp"
#include "ordo/device_buffer.hpp"

namespace ordo_py {
namespace {

struct DLDevice {
  std::int32_t device_type;
  std::int32_t device_id;
};
struct DLDataType {
  std::uint8_t code;
  std::uint8_t bits;
  std::uint16_t lanes;
};
struct DLTensor {
  void* data;
  DLDevice device;
  std::int32_t ndim;
  DLDataType dtype;
  std::int64_t* shape;
  std::int64_t* strides;
  std::uint64_t byte_offset;
};
struct DLManagedTensor {
  DLTensor dl_tensor;
  void* manager_ctx;
  void (*deleter)(DLManagedTensor*);
};
constexpr std::int32_t dl_cuda = 2;
constexpr std::uint8_t dl_int = 0, dl_uint = 1, dl_float = 2, dl_bfloat = 4, dl_bool = 6;
// What the producer is asked to order its data for (the array API's stream
// numbering for CUDA): 2 is the per-thread default stream, whose handle is 2.
constexpr int per_thread_stream = 2;
CUstream_st* const per_thread_handle = reinterpret_cast<CUstream_st*>(std::uintptr_t(per_thread_stream));

std::string where(const char* fn, const char* name) { return std::string("ordo.") + fn + ": " + name; }
std::string top_module(py::handle obj) {
  std::string m = py::str(py::type::handle_of(obj).attr("__module__"));
  return m.substr(0, m.find('.'));
}

// numpy's kind character of a DLPack type code ('V' + "bfloat16" for bfloat16).
char kind_of_code(std::uint8_t code) {
  switch (code) {
    case dl_int: return 'i';
    case dl_uint: return 'u';
    case dl_float: return 'f';
    case dl_bfloat: return 'V';
    case dl_bool: return 'b';
  }
  return '?';
}
std::uint8_t code_of_kind(char kind) {
  switch (kind) {
    case 'i': return dl_int;
    case 'u': return dl_uint;
    case 'f': return dl_float;
    case 'V': return dl_bfloat;
    default: return dl_bool;
  }
}
const ordo::detail::numpy_dtype& numpy_of(key_kind k) {
  static constexpr ordo::detail::numpy_dtype flag{'u', 1, "uint8", "|u1", ordo::detail::float_format::none};
  return std::size_t(k) < ordo::detail::key_count ? *ordo::detail::key_dtypes[std::size_t(k)].numpy : flag;
}

// Device memory that a DeviceArray and every tensor exported from it share;
// freed on its stream once the last of them lets go. After an export to a
// consumer whose work we cannot see (a stream of its own), the free waits
// for the device first.
struct allocation {
  void* p = nullptr;
  std::size_t bytes = 0;
  CUstream_st* stream = nullptr;
  int device = 0;
  bool shared_with_foreign_stream = false;
  ~allocation() {
    if (p == nullptr) return;
    try {
      if (shared_with_foreign_stream) ordo::detail::device_synchronize();
      ordo::detail::resource_of(ordo::cuda{stream, nullptr})->deallocate(p, bytes, stream);
    } catch (...) {  // a destructor: a failure to free is not the caller's error
    }
  }
};

// One 1-D exported tensor: it holds the allocation and its own shape.
struct export_ctx {
  std::shared_ptr<allocation> memory;
  std::int64_t shape[1];
  DLManagedTensor tensor;
};

void delete_export(DLManagedTensor* t) { delete static_cast<export_ctx*>(t->manager_ctx); }

// A capsule still named "dltensor" was never taken by a consumer: ours to free.
void capsule_destructor(PyObject* capsule) {
  if (PyCapsule_IsValid(capsule, "dltensor")) {
    auto* t = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, "dltensor"));
    if (t && t->deleter) t->deleter(t);
  }
}

}  // namespace

// ordo._ordo.DeviceArray: a 1-D result in device memory.
struct device_array {
  std::shared_ptr<allocation> memory;
  std::size_t offset = 0;  // elements (a head() view starts at 0; kept general)
  std::size_t n = 0;
  key_kind kind = key_kind::flag;

  void* data() const { return static_cast<char*>(memory->p) + offset * numpy_of(kind).size; }

  py::dict cuda_array_interface() const {
    py::dict d;
    d["shape"] = py::make_tuple(n);
    d["typestr"] = std::string(numpy_of(kind).descr);
    d["data"] = py::make_tuple(reinterpret_cast<std::uintptr_t>(n ? data() : nullptr), false);
    d["version"] = 3;
    d["strides"] = py::none();
    d["stream"] = reinterpret_cast<std::uintptr_t>(memory->stream);
    return d;
  }

  py::tuple dlpack_device() const { return py::make_tuple(dl_cuda, memory->device); }

  // The consumer names the stream it will read on: None (the legacy default
  // stream, by the array API's rule), -1 (no ordering wanted), or a handle.
  py::capsule dlpack(const py::object& stream) const {
    CUstream_st* ours = memory->stream;
    if (stream.is_none()) {
      ordo::detail::stream_wait(nullptr, ours);
      memory->shared_with_foreign_stream = true;
    } else {
      const auto s = stream.cast<std::intptr_t>();
      if (s != -1) {
        auto* theirs = reinterpret_cast<CUstream_st*>(s);
        ordo::detail::stream_wait(theirs, ours);
        if (theirs != ours) memory->shared_with_foreign_stream = true;
      } else {
        memory->shared_with_foreign_stream = true;
      }
    }
    auto* ctx = new export_ctx{memory, {static_cast<std::int64_t>(n)}, {}};
    const auto& np = numpy_of(kind);
    ctx->tensor.dl_tensor = DLTensor{data(),
                                     DLDevice{dl_cuda, memory->device},
                                     1,
                                     DLDataType{code_of_kind(np.kind), std::uint8_t(np.size * 8), 1},
                                     ctx->shape,
                                     nullptr,
                                     0};
    ctx->tensor.manager_ctx = ctx;
    ctx->tensor.deleter = delete_export;
    PyObject* cap = PyCapsule_New(&ctx->tensor, "dltensor", capsule_destructor);
    if (cap == nullptr) {
      delete ctx;
      throw py::error_already_set();
    }
    return py::reinterpret_steal<py::capsule>(cap);
  }
};

bool is_gpu_dlpack(py::handle obj) {
  if (!py::hasattr(obj, "__dlpack__") || !py::hasattr(obj, "__dlpack_device__")) return false;
  const std::string m = top_module(obj);
  if (py::hasattr(obj, "__cuda_array_interface__") && m != "jax" && m != "jaxlib") return false;
  py::tuple dev = obj.attr("__dlpack_device__")();
  return dev.size() >= 1 && dev[0].cast<int>() == dl_cuda;
}

array from_gpu_dlpack(py::handle obj, const char* fn, const char* name, bool allow_flags) {
  if (!ordo::cuda_available())
    throw py::type_error(where(fn, name) + " is a GPU array (" + std::string(py::str(py::type::handle_of(obj).attr("__name__"))) +
                         "), but this ordo was built without CUDA or sees no GPU. ordo never copies GPU data to "
                         "the host silently: pass a numpy array");
  py::object cap = obj.attr("__dlpack__")(py::arg("stream") = per_thread_stream);
  if (!PyCapsule_IsValid(cap.ptr(), "dltensor"))
    throw py::type_error(where(fn, name) + ": its __dlpack__ gave no DLPack capsule (\"dltensor\")");
  const auto* t = static_cast<const DLManagedTensor*>(PyCapsule_GetPointer(cap.ptr(), "dltensor"));
  const DLTensor& d = t->dl_tensor;
  if (d.device.device_type != dl_cuda)
    throw py::type_error(where(fn, name) + " is not a CUDA array (DLPack device type " +
                         std::to_string(d.device.device_type) + ")");
  if (d.ndim != 1)
    throw py::value_error(where(fn, name) + " must be 1-D, got " + std::to_string(d.ndim) + "-D");
  const int current = ordo::detail::current_device();
  if (d.device.device_id != current)
    throw py::value_error(where(fn, name) + " is on GPU " + std::to_string(d.device.device_id) +
                          ", and CUDA's current device is GPU " + std::to_string(current) +
                          "; ordo runs on the current device: make GPU " + std::to_string(d.device.device_id) +
                          " current first (cupy.cuda.Device(i).use(), torch.cuda.set_device(i))");
  array a;
  const char kind = kind_of_code(d.dtype.code);
  const std::size_t size = d.dtype.bits / 8;
  if (d.dtype.lanes != 1 || d.dtype.bits % 8 != 0 ||
      !kind_from(kind, size, allow_flags, a.kind, kind == 'V' && d.dtype.bits == 16 ? "bfloat16" : ""))
    throw py::type_error(where(fn, name) + " has unsupported DLPack dtype (code " + std::to_string(d.dtype.code) +
                         ", " + std::to_string(d.dtype.bits) + " bits; supported: " + supported_keys() + ")");
  a.n = static_cast<std::size_t>(d.shape[0]);
  if (d.strides != nullptr && a.n > 1 && d.strides[0] != 1)
    throw py::value_error(where(fn, name) + " is a strided GPU array; ordo works on contiguous data and does not "
                                            "copy it behind your back");
  a.data = static_cast<const char*>(d.data) + d.byte_offset;
  a.gpu = true;
  a.dlpack = true;
  a.device = d.device.device_id;
  a.stream = per_thread_handle;
  a.source = py::reinterpret_borrow<py::object>(obj);
  a.keep = std::move(cap);  // the producer's capsule, unconsumed: its destructor frees the tensor after the call
  return a;
}

result device_result(const array& like, std::size_t n, key_kind k) {
  auto memory = std::make_shared<allocation>();
  memory->bytes = n * numpy_of(k).size;
  memory->stream = like.stream;
  memory->device = like.device;
  if (memory->bytes)
    memory->p = ordo::detail::resource_of(ordo::cuda{like.stream, nullptr})->allocate(memory->bytes, like.stream);
  device_array d{memory, 0, n, k};
  result r;
  r.n = n;
  r.data = d.data();
  r.obj = py::cast(std::move(d));
  return r;
}

py::object device_head(const py::object& obj, std::size_t count) {
  device_array d = obj.cast<device_array>();
  d.n = std::min(d.n, count);
  return py::cast(std::move(d));
}

void add_device_array(py::module_& m) {
  py::class_<device_array>(m, "DeviceArray",
                           "A 1-D result in GPU memory, for a caller whose array came through DLPack only.\n"
                           "It exports __dlpack__, __dlpack_device__ and __cuda_array_interface__; the ordo\n"
                           "package hands it to your framework's from_dlpack.")
      .def_property_readonly("__cuda_array_interface__", &device_array::cuda_array_interface)
      .def("__dlpack_device__", &device_array::dlpack_device)
      // max_version, dl_device, copy: an unversioned capsule on this device, never a copy (the protocol
      // lets a producer answer so).
      .def(
          "__dlpack__",
          [](const device_array& d, const py::object& stream, const py::object&, const py::object&,
             const py::object&) { return d.dlpack(stream); },
          py::kw_only(), py::arg("stream") = py::none(), py::arg("max_version") = py::none(),
          py::arg("dl_device") = py::none(), py::arg("copy") = py::none())
      .def_property_readonly("shape", [](const device_array& d) { return py::make_tuple(d.n); })
      .def_property_readonly("dtype", [](const device_array& d) { return std::string(numpy_of(d.kind).name); })
      .def("__len__", [](const device_array& d) { return d.n; });
}

}  // namespace ordo_py
