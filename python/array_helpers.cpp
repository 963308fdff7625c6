// Host (numpy) and GPU (__cuda_array_interface__) arguments and results.
#include "array_helpers.hpp"

#include <cstdint>
#include <string>

#include "ordo/device_buffer.hpp"

namespace ordo_py {
namespace {

std::string type_name(py::handle obj) { return py::str(py::type::handle_of(obj).attr("__name__")); }
std::string top_module(py::handle obj) {
  std::string m = py::str(py::type::handle_of(obj).attr("__module__"));
  return m.substr(0, m.find('.'));
}


std::string where(const char* fn, const char* name) { return std::string("ordo.") + fn + ": " + name; }

[[noreturn]] void bad_dtype(const char* fn, const char* name, const std::string& dt, bool allow_flags) {
  throw py::type_error(where(fn, name) + " has unsupported dtype " + dt + " (supported: " + kSupportedKeys +
                       (allow_flags ? ", or bool/uint8 flags" : "") + ")");
}

array from_cuda_interface(py::handle obj, const char* fn, const char* name, bool allow_flags) {
  if (!ordo::cuda_available())
    throw py::type_error(where(fn, name) + " is a GPU array (" + type_name(obj) +
                         "), but this ordo was built without CUDA or sees no GPU. ordo never copies GPU data "
                         "to the host silently: pass a numpy array (cupy.asnumpy(x), x.cpu().numpy()).");
  py::dict cai = obj.attr("__cuda_array_interface__");
  py::tuple shape = cai["shape"];
  if (shape.size() != 1)
    throw py::value_error(where(fn, name) + " must be 1-D, got " + std::to_string(shape.size()) + "-D (shape " +
                          std::string(py::str(shape)) + ")");
  const std::string typestr = py::str(cai["typestr"]);
  const std::size_t size = typestr.size() >= 3 ? std::stoul(typestr.substr(2)) : 0;
  array a;
  if (typestr.size() < 3 || !kind_from(typestr[1], size, allow_flags, a.kind))
    bad_dtype(fn, name, typestr, allow_flags);
  if (typestr[0] == '>' && size > 1)
    throw py::value_error(where(fn, name) + " is a big-endian GPU array; ordo takes native (little-endian) data");
  a.n = shape[0].cast<std::size_t>();
  if (cai.contains("strides") && !cai["strides"].is_none() && a.n > 1) {
    py::tuple strides = cai["strides"];
    if (strides[0].cast<std::int64_t>() != static_cast<std::int64_t>(size))
      throw py::value_error(where(fn, name) +
                            " is a strided GPU array; ordo works on contiguous data and does not copy it "
                            "behind your back: pass x.copy() (CuPy) or x.contiguous() (torch)");
  }
  py::tuple data = cai["data"];
  a.data = reinterpret_cast<const void*>(data[0].cast<std::uintptr_t>());
  // CAI v3: the stream the producer's work is ordered on (1 = legacy default,
  // 2 = per-thread default, which CUDA's runtime takes as those handle values).
  if (cai.contains("stream") && !cai["stream"].is_none())
    a.stream = reinterpret_cast<CUstream_st*>(cai["stream"].cast<std::uintptr_t>());
  a.gpu = true;
  a.source = py::reinterpret_borrow<py::object>(obj);
  return a;
}

template <class T>
void host_view(array& a, py::handle obj) {
  auto c = py::array_t<T, py::array::c_style | py::array::forcecast>::ensure(obj);
  if (!c) throw py::error_already_set();
  a.data = c.data();
  a.host = std::move(c);
}

}  // namespace

bool kind_from(char kind, std::size_t size, bool allow_flags, key_kind& out) {
  if (kind == 'i' && size == 4) out = key_kind::i32;
  else if (kind == 'u' && size == 4) out = key_kind::u32;
  else if (kind == 'i' && size == 8) out = key_kind::i64;
  else if (kind == 'u' && size == 8) out = key_kind::u64;
  else if (kind == 'f' && size == 4) out = key_kind::f32;
  else if (kind == 'f' && size == 8) out = key_kind::f64;
  else if (allow_flags && (kind == 'b' || kind == 'u' || kind == 'i') && size == 1) out = key_kind::flag;
  else return false;
  return true;
}

const char* dtype_name(key_kind k) noexcept {
  switch (k) {
    case key_kind::i32: return "int32";
    case key_kind::u32: return "uint32";
    case key_kind::i64: return "int64";
    case key_kind::u64: return "uint64";
    case key_kind::f32: return "float32";
    case key_kind::f64: return "float64";
    case key_kind::flag: break;
  }
  return "uint8";
}

std::size_t element_size(key_kind k) noexcept {
  switch (k) {
    case key_kind::i32: case key_kind::u32: case key_kind::f32: return 4;
    case key_kind::flag: return 1;
    default: return 8;
  }
}

array get_array(py::handle obj, const char* fn, const char* name, bool allow_flags) {
  if (py::hasattr(obj, "__cuda_array_interface__")) return from_cuda_interface(obj, fn, name, allow_flags);
  if (!py::isinstance<py::array>(obj)) {
    if (py::hasattr(obj, "__dlpack_device__"))
      throw py::type_error(where(fn, name) + " is a " + type_name(obj) +
                           " without __cuda_array_interface__; pass a numpy array, a CuPy array or a torch "
                           "tensor (CPU tensors: x.numpy())");
    throw py::type_error(where(fn, name) + " must be a 1-D numpy array or GPU array, got " + type_name(obj));
  }
  auto np = py::reinterpret_borrow<py::array>(obj);
  array a;
  if (!kind_from(np.dtype().kind(), static_cast<std::size_t>(np.dtype().itemsize()), allow_flags, a.kind))
    bad_dtype(fn, name, py::str(np.dtype()), allow_flags);
  if (np.ndim() != 1)
    throw py::value_error(where(fn, name) + " must be 1-D, got " + std::to_string(np.ndim()) + "-D (shape " +
                          std::string(py::str(py::tuple(np.attr("shape")))) + ")");
  a.n = static_cast<std::size_t>(np.shape(0));
  a.source = np;
  if (a.kind == key_kind::flag) host_view<std::uint8_t>(a, obj.attr("view")("uint8"));
  else visit_key(a.kind, [&]<class T>() { host_view<T>(a, obj); });
  return a;
}

array get_integer_array(py::handle obj, const char* fn, const char* name) {
  array a = get_array(obj, fn, name);
  if (is_floating(a.kind))
    throw py::type_error(where(fn, name) + " must be int32, uint32, int64 or uint64, got " + dtype_name(a.kind));
  return a;
}

void same_device(const array& a, const array& b, const char* fn) {
  if (a.gpu != b.gpu)
    throw py::type_error(std::string("ordo.") + fn + ": the arguments must all be numpy arrays or all GPU "
                                                      "arrays; ordo does not move data between host and GPU");
}

result empty_like(const array& like, std::size_t n, key_kind k) {
  result r;
  r.n = n;
  const char* dt = dtype_name(k);
  const auto shape = py::make_tuple(n);
  if (!like.gpu) {
    py::array out(py::dtype(dt), std::vector<py::ssize_t>{static_cast<py::ssize_t>(n)});
    r.data = out.mutable_data();
    r.obj = std::move(out);
    return r;
  }
  if (top_module(like.source) == "torch") {
    py::module_ torch = py::module_::import("torch");
    if (!py::hasattr(torch, dt))
      throw py::type_error(std::string("ordo: this torch has no ") + dt + " dtype for the result");
    r.obj = torch.attr("empty")(shape, py::arg("dtype") = torch.attr(dt), py::arg("device") = like.source.attr("device"));
  } else {
    py::module_ cupy;
    try {
      cupy = py::module_::import("cupy");
    } catch (py::error_already_set&) {
      throw py::type_error("ordo: results for a " + type_name(like.source) + " are CuPy arrays, and cupy is not installed");
    }
    r.obj = cupy.attr("empty")(shape, py::arg("dtype") = dt);
  }
  py::dict cai = r.obj.attr("__cuda_array_interface__");
  r.data = reinterpret_cast<void*>(py::tuple(cai["data"])[0].cast<std::uintptr_t>());
  return r;
}

py::object head(const result& r, std::size_t count) { return r.obj[py::slice(0, static_cast<py::ssize_t>(count), 1)]; }

std::uint64_t read_u64(const array& like, const result& r) {
  std::uint64_t v = 0;
  if (!like.gpu) return *static_cast<const std::uint64_t*>(r.data);
  py::gil_scoped_release nogil;
  ordo::detail::copy_to_host_after(&v, r.data, sizeof v, like.stream);
  return v;
}

}  // namespace ordo_py
