// What the module's bindings share: checking a numpy argument, dispatching
// on its dtype, and viewing it as a contiguous array.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

namespace ordo_py {
namespace py = pybind11;

enum class key_kind { i32, u32, i64, u64, f32, f64 };

constexpr const char* kSupportedKeys = "int32, uint32, int64, uint64, float32 or float64";

inline std::string type_name(py::handle obj) { return py::str(py::type::handle_of(obj).attr("__name__")); }

// True when `obj` lives in GPU memory: __cuda_array_interface__, or a DLPack
// producer whose device is not the CPU (kDLCPU = 1).
inline bool is_gpu_array(py::handle obj) {
  if (py::hasattr(obj, "__cuda_array_interface__")) return true;
  if (!py::isinstance<py::array>(obj) && py::hasattr(obj, "__dlpack_device__")) {
    try {
      py::tuple dev = obj.attr("__dlpack_device__")();
      return dev.size() >= 1 && dev[0].cast<int>() != 1;
    } catch (const std::exception&) {  // a malformed __dlpack_device__: not ours to judge here
      return false;
    }
  }
  return false;
}

// Checks `obj` and returns its key type. Throws TypeError / ValueError.
inline key_kind check_keys(py::handle obj, const char* fn) {
  if (is_gpu_array(obj))
    throw py::type_error(std::string("GPU arrays are not supported yet by this build; ordo.") + fn +
                         " takes a numpy array on the host. ordo never copies GPU data to the host "
                         "silently: copy it yourself (e.g. cupy.asnumpy(x) or x.cpu().numpy()) if "
                         "that is what you want.");
  if (!py::isinstance<py::array>(obj))
    throw py::type_error(std::string("ordo.") + fn + ": expected a 1-D numpy array, got " + type_name(obj));
  auto a = py::reinterpret_borrow<py::array>(obj);
  py::dtype dt = a.dtype();
  const char kind = dt.kind();
  const auto size = dt.itemsize();
  key_kind k;
  if (kind == 'i' && size == 4) k = key_kind::i32;
  else if (kind == 'u' && size == 4) k = key_kind::u32;
  else if (kind == 'i' && size == 8) k = key_kind::i64;
  else if (kind == 'u' && size == 8) k = key_kind::u64;
  else if (kind == 'f' && size == 4) k = key_kind::f32;
  else if (kind == 'f' && size == 8) k = key_kind::f64;
  else
    throw py::type_error(std::string("ordo.") + fn + ": unsupported dtype " + std::string(py::str(dt)) +
                         " (supported: " + kSupportedKeys + ")");
  if (a.ndim() != 1)
    throw py::value_error(std::string("ordo.") + fn + ": expected a 1-D array, got " + std::to_string(a.ndim()) +
                          "-D (shape " + std::string(py::str(py::tuple(a.attr("shape")))) + ")");
  return k;
}

// Calls f.template operator()<Key>() for the key type of `k`.
template <class F>
decltype(auto) visit_key(key_kind k, F&& f) {
  switch (k) {
    case key_kind::i32: return f.template operator()<std::int32_t>();
    case key_kind::u32: return f.template operator()<std::uint32_t>();
    case key_kind::i64: return f.template operator()<std::int64_t>();
    case key_kind::u64: return f.template operator()<std::uint64_t>();
    case key_kind::f32: return f.template operator()<float>();
    case key_kind::f64: break;
  }
  return f.template operator()<double>();
}

// A C-contiguous, native-byte-order view of `obj` as Key: no copy when it
// already is one, otherwise a copy (non-contiguous or byte-swapped arrays).
template <class Key>
py::array_t<Key, py::array::c_style> contiguous(py::handle obj) {
  auto a = py::array_t<Key, py::array::c_style | py::array::forcecast>::ensure(obj);
  if (!a) throw py::error_already_set();
  return a;
}


void add_primitives(py::module_& m);  // primitives_bindings.cpp

}  // namespace ordo_py
