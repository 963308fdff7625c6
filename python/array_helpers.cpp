// Host (numpy) and GPU (__cuda_array_interface__) arguments and results.
#include "array_helpers.hpp"

#include <cstdint>
#include <deque>
#include <string>

#include "dlpack_bridge.hpp"
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
  throw py::type_error(where(fn, name) + " has unsupported dtype " + dt + " (supported: " + supported_keys() +
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
  else if (top_module(obj) == "torch")  // torch's interface (v2) names no stream: its current one on that device
    a.stream = reinterpret_cast<CUstream_st*>(py::module_::import("torch")
                                                  .attr("cuda")
                                                  .attr("current_stream")(obj.attr("device"))
                                                  .attr("cuda_stream")
                                                  .cast<std::uintptr_t>());
  a.gpu = true;
  a.source = py::reinterpret_borrow<py::object>(obj);
  return a;
}

// A C-contiguous, native-endian numpy array of obj's dtype: obj itself when
// it is one, else a copy (numpy's ascontiguousarray).
void host_view(array& a, py::handle obj) {
  py::object native = obj.attr("dtype").attr("newbyteorder")("=");
  py::array c = py::module_::import("numpy").attr("ascontiguousarray")(obj, native);
  a.data = c.data();
  a.host = std::move(c);
}

const ordo::detail::numpy_dtype& numpy_of(key_kind k) { return *ordo::detail::key_dtypes[std::size_t(k)].numpy; }
bool is_key(key_kind k) { return std::size_t(k) < ordo::detail::key_count; }

}  // namespace

const std::string& supported_keys() {
  static const std::string names = ordo::detail::numpy_names();
  return names;
}

bool kind_from(char kind, std::size_t size, bool allow_flags, key_kind& out, std::string_view numpy_name) {
  if (allow_flags && (kind == 'b' || kind == 'u' || kind == 'i') && size == 1) return out = key_kind::flag, true;
  for (std::size_t i = 0; i < ordo::detail::key_count; ++i) {
    const auto& np = *ordo::detail::key_dtypes[i].numpy;
    if (np.kind == kind && np.size == size && (kind != 'V' || numpy_name == np.name)) return out = key_kind(i), true;
  }
  return false;
}

const char* dtype_name(key_kind k) noexcept { return is_key(k) ? numpy_of(k).name : "uint8"; }

std::size_t element_size(key_kind k) noexcept { return is_key(k) ? numpy_of(k).size : 1; }

bool is_floating(key_kind k) noexcept {
  return is_key(k) && numpy_of(k).format != ordo::detail::float_format::none;
}

bool is_signed(key_kind k) noexcept { return is_key(k) && (numpy_of(k).kind == 'i' || is_floating(k)); }

bool is_index(key_kind k) noexcept {
  return is_key(k) && visit_key(k, []<class T>() { return is_index_type_v<T>; });
}

const std::string& index_names() {
  static const std::string names = ordo::detail::numpy_names([](const ordo::detail::key_dtype& d) {
    return is_index(key_kind(&d - ordo::detail::key_dtypes));
  });
  return names;
}

void raise_interrupted() {
  check_signals();
  PyErr_SetNone(PyExc_KeyboardInterrupt);
  throw py::error_already_set();
}

void not_wide(key_kind k, const char* fn, const char* name) {
  throw py::type_error(where(fn, name) + " has dtype " + dtype_name(k) + ", which ordo." + fn + " does not take (" +
                       ordo::detail::wide_numpy_names() + "); convert it first");
}

const char* doc(const char* text) {
  static std::deque<std::string> docs;  // never shrinks: pybind11 keeps the pointers
  std::string s = text;
  const auto replace = [&](const std::string& key, const std::string& with) {
    for (std::size_t i = s.find(key); i != std::string::npos; i = s.find(key, i + with.size())) s.replace(i, key.size(), with);
  };
  replace("{keys}", ordo::detail::numpy_names("/", "/"));
  replace("{ranks}", ordo::detail::numpy_names([](const ordo::detail::key_dtype& d) { return d.rank; }, "/", "/"));
  return docs.emplace_back(std::move(s)).c_str();
}

void refuse_masked(py::handle obj, const char* fn, const char* name) {
  // A masked array's mask would be dropped (its hidden values ranked, summed):
  // numpy's own functions honour it, so say so instead.
  static const py::handle masked = py::object(py::module_::import("numpy.ma").attr("MaskedArray")).release();
  if (py::isinstance(obj, masked))
    throw py::type_error(where(fn, name) + " is a numpy masked array; ordo does not apply masks: pass "
                         "x.filled(value) (or x.compressed(), the unmasked values) instead");
}

array get_array(py::handle obj, const char* fn, const char* name, bool allow_flags) {
  const bool numpy = py::isinstance<py::array>(obj);
  if (!numpy && is_gpu_dlpack(obj)) return from_gpu_dlpack(obj, fn, name, allow_flags);
  if (py::hasattr(obj, "__cuda_array_interface__")) return from_cuda_interface(obj, fn, name, allow_flags);
  if (!numpy) {
    if (py::hasattr(obj, "__dlpack_device__"))
      throw py::type_error(where(fn, name) + " is a " + type_name(obj) +
                           " in host memory that is not a numpy array; the ordo package views it as one "
                           "(numpy.from_dlpack): call ordo.<function>, not ordo._ordo");
    throw py::type_error(where(fn, name) + " must be a 1-D numpy array or GPU array, got " + type_name(obj));
  }
  refuse_masked(obj, fn, name);
  auto np = py::reinterpret_borrow<py::array>(obj);
  array a;
  const std::string np_name = py::str(np.dtype().attr("name"));
  if (!kind_from(np.dtype().kind(), static_cast<std::size_t>(np.dtype().itemsize()), allow_flags, a.kind, np_name))
    bad_dtype(fn, name, py::str(np.dtype()), allow_flags);
  if (np.ndim() != 1)
    throw py::value_error(where(fn, name) + " must be 1-D, got " + std::to_string(np.ndim()) + "-D (shape " +
                          std::string(py::str(py::tuple(np.attr("shape")))) + ")");
  a.n = static_cast<std::size_t>(np.shape(0));
  a.source = np;
  host_view(a, a.kind == key_kind::flag ? obj.attr("view")("uint8") : py::reinterpret_borrow<py::object>(obj));
  return a;
}

array get_integer_array(py::handle obj, const char* fn, const char* name) {
  array a = get_array(obj, fn, name);
  if (!is_index(a.kind))
    throw py::type_error(where(fn, name) + " must be " + index_names() + ", got " + dtype_name(a.kind));
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
  if (like.dlpack) return device_result(like, n, k);
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

py::object head(const result& r, std::size_t count) {
  if (!py::hasattr(r.obj, "__getitem__")) return device_head(r.obj, count);  // a DeviceArray
  return r.obj[py::slice(0, static_cast<py::ssize_t>(count), 1)];
}

std::uint64_t read_u64(const array& like, const result& r) {
  std::uint64_t v = 0;
  if (!like.gpu) return *static_cast<const std::uint64_t*>(r.data);
  py::gil_scoped_release nogil;
  ordo::detail::copy_to_host_after(&v, r.data, sizeof v, like.stream);
  return v;
}

}  // namespace ordo_py
