// What the module's bindings share: a 1-D argument that is either a numpy
// array (run on ordo::cpu{}) or a GPU array exposing __cuda_array_interface__
// (CuPy, PyTorch, Numba: run on ordo::cuda{} on the array's stream, zero
// copy), its element type, and results allocated as the same kind of array.
#pragma once
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "ordo/detail/call_then.hpp"
#include "ordo/detail/key_dtypes.hpp"
#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "sigint_watch.hpp"

namespace ordo_py {
namespace py = pybind11;

// The element types ordo takes: the key types (ordo/detail/key_types.hpp),
// each by its position in that list, and numpy's spelling of each from
// ordo/detail/key_dtypes.hpp. `flag` is one byte (bool, uint8, int8) for
// compact and split flags, whatever the list holds.
enum class key_kind : std::uint8_t { flag = 0xff };

template <class T>
constexpr key_kind kind_of() {
  static_assert(ordo::detail::key_index<T>() != ordo::detail::no_key, "not a key type (key_types.hpp)");
  return key_kind(ordo::detail::key_index<T>());
}

// "int32, uint32, int64, uint64, float32 or float64": every key type's numpy name.
const std::string& supported_keys();
const char* dtype_name(key_kind k) noexcept;  // numpy's: "int32" ... "float64"; "uint8" for flag
std::size_t element_size(key_kind k) noexcept;
// The element type of a numpy kind character and item size ('i', 4: int32;
// dtype_name tells bfloat16, kind 'V', from other 2-byte records); with
// allow_flags 1-byte 'b', 'u', 'i' are flag first. False for any other.
bool kind_from(char kind, std::size_t size, bool allow_flags, key_kind& out, std::string_view numpy_name = {});
bool is_floating(key_kind k) noexcept;
bool is_signed(key_kind k) noexcept;  // signed integers and floats
// A docstring with "{keys}" replaced by "int32/uint32/.../float64" (every key
// type) and "{ranks}" by the rank types; the text lives as long as the module.
const char* doc(const char* text);

// A checked 1-D argument. Host data is C-contiguous and native-endian (a numpy
// copy is made when it is not); GPU data is used where it lies: a strided or
// byte-swapped GPU array is a ValueError, never a silent copy.
struct array {
  py::object source;           // what the caller passed
  py::object host;             // numpy: the contiguous array `data` points into
  const void* data = nullptr;
  std::size_t n = 0;
  key_kind kind = kind_of<double>();
  bool gpu = false;
  CUstream_st* stream = nullptr;  // GPU: the array's stream (CAI v3), null for the default
  bool dlpack = false;            // GPU data read through DLPack (dlpack_bridge.hpp): results are DeviceArrays
  int device = 0;                 // dlpack: the array's GPU
  py::object keep;                // dlpack: the producer's capsule, alive while the call reads it

  template <class T>
  std::span<const T> view() const {
    return {static_cast<const T*>(data), n};
  }
};

// Parses `obj` as argument `name` of ordo.`fn`. Raises TypeError for what is
// not an array or has an unsupported dtype (flags: also bool/uint8/int8 when
// allow_flags), ValueError for a shape other than 1-D.
array get_array(py::handle obj, const char* fn, const char* name = "x", bool allow_flags = false);
// TypeError for a numpy masked array (get_array calls it; n-D paths that
// reshape before get_array call it first).
void refuse_masked(py::handle obj, const char* fn, const char* name = "x");
// The same, and the keys must be integers (successors, offsets, counts).
array get_integer_array(py::handle obj, const char* fn, const char* name);
// All arguments of one call on one side: TypeError when host and GPU mix.
void same_device(const array& a, const array& b, const char* fn);

// A result of n elements of type k, the same kind of array as `like`: numpy,
// or for GPU input a CuPy array / torch tensor on the same device.
struct result {
  py::object obj;
  void* data = nullptr;
  std::size_t n = 0;

  template <class T>
  std::span<T> view() const {
    return {static_cast<T*>(data), n};
  }
};
result empty_like(const array& like, std::size_t n, key_kind k);
// obj[:count] for any of the result kinds.
py::object head(const result& r, std::size_t count);

// Reads one value the call left in GPU (or host) memory, after the stream's work.
std::uint64_t read_u64(const array& like, const result& r);

// Raises KeyboardInterrupt (py::error_already_set) when Ctrl-C came while the
// GIL was released; called with the GIL held.
inline void check_signals() {
  if (PyErr_CheckSignals() != 0) throw py::error_already_set();
}

// Raises KeyboardInterrupt for a call that stopped with errc::interrupted
// (Ctrl-C while it ran): Python's handler has recorded the signal, so
// check_signals raises it; if a handler of the caller's swallowed it, the
// call still did not finish, which is what KeyboardInterrupt says.
[[noreturn]] void raise_interrupted();

// Calls f(exec) with ordo::cpu{} or ordo::cuda{stream}, the GIL released and
// Ctrl-C watched (sigint_watch.hpp: a CPU call stops at its next phase), then
// honours a Ctrl-C that came meanwhile, so a binding of several calls stops
// between them too.
template <class F>
auto run_on(const array& a, F&& f) {
  const auto call = [&]() -> decltype(auto) {
    sigint_watch watch;
    try {
      py::gil_scoped_release nogil;
      if (a.gpu) return f(ordo::cuda{a.stream, nullptr});
      return f(ordo::cpu{});
    } catch (const ordo::error& e) {
      if (e.code() != ordo::errc::interrupted) throw;
    }
    raise_interrupted();
  };
  return ordo::detail::call_then(call, check_signals);
}

// Calls f.template operator()<T>() for the element type of `k` (not flag):
// one branch per key type of the list.
template <class F>
decltype(auto) visit_key(key_kind k, F&& f) {
  return ordo::detail::visit_key_index(std::size_t(k), std::forward<F>(f));
}

// The same over the keys of the main list (ordo::detail::is_wide_key): what
// scan, reduce, compact, split and list_scan take. A narrow key (int8 ...
// bfloat16, once key_types.hpp lists them) is a TypeError naming fn and arg.
[[noreturn]] void not_wide(key_kind k, const char* fn, const char* name);
template <class F>
decltype(auto) visit_wide_key(key_kind k, const char* fn, const char* name, F&& f) {
  return visit_key(k, [&]<class T>() -> decltype(auto) {
    if constexpr (ordo::detail::is_wide_key<T>()) return f.template operator()<T>();
    else return not_wide(k, fn, name), f.template operator()<double>();  // (never returns: for the type)
  });
}

// The index types of list_rank, fork and segment offsets: the four 32- and
// 64-bit integers libordo instantiates them for
// (src/common/list_rank/instantiate.hpp), a list of their own, not the keys.
template <class T>
inline constexpr bool is_index_type_v = std::is_same_v<T, std::int32_t> || std::is_same_v<T, std::uint32_t> ||
                                        std::is_same_v<T, std::int64_t> || std::is_same_v<T, std::uint64_t>;
bool is_index(key_kind k) noexcept;
const std::string& index_names();  // "int32, uint32, int64 or uint64"
template <class F>
decltype(auto) visit_index(key_kind k, F&& f) {
  return visit_key(k, [&]<class T>() -> decltype(auto) {
    if constexpr (is_index_type_v<T>) return f.template operator()<T>();
    else return f.template operator()<std::int64_t>();  // never: get_integer_array checked k
  });
}

void add_rank(py::module_& m);        // rank_bindings.cpp
void add_lists(py::module_& m);       // list_bindings.cpp
void add_primitives(py::module_& m);  // primitives_bindings.cpp
void add_sorts(py::module_& m);       // sort_bindings.cpp

}  // namespace ordo_py
