// ordo._ordo_mpi: the compiled part of ordo.mpi (python/ordo/mpi.py), a
// second extension module so that ordo._ordo builds without MPI. It is built
// only where CMake finds MPI and mpi4py's C headers (python/mpi/CMakeLists.txt).
//
// The wrapper has already checked the arguments and agreed on them over the
// communicator (every process knows every process's dtypes): what arrives
// here are C-contiguous, native-endian 1-D numpy arrays of a key dtype, so
// nothing here can fail on one process only before a collective. Each
// function calls ordo::mpi with the GIL released (every process of comm calls
// it collectively); ordo::error comes out as ordo.Error, as from ordo._ordo.
#include <mpi.h>
#include <mpi4py/mpi4py.h>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "../array_helpers.hpp"
#include "ordo/error.hpp"
#include "ordo/mpi.hpp"

namespace ordo_py {
namespace {

// The MPI_Comm inside an mpi4py.MPI.Comm (mpi4py's C API: the handle itself,
// valid because mpi4py and this module use the same MPI library; ordo/mpi.py
// checks that at import).
MPI_Comm comm_of(py::handle obj) {
  if (!PyObject_TypeCheck(obj.ptr(), &PyMPIComm_Type))
    throw py::type_error("ordo.mpi: comm must be an mpi4py.MPI.Comm, got " +
                         std::string(py::str(py::type::handle_of(obj).attr("__name__"))));
  MPI_Comm* c = PyMPIComm_Get(obj.ptr());
  if (c == nullptr) throw py::error_already_set();
  return *c;
}

// A checked argument (see the top comment): its data, length and key type.
struct local {
  void* data;
  std::size_t n;
  key_kind kind;
};
local local_of(py::array a) {
  key_kind k;
  if (a.ndim() != 1 || !kind_from(a.dtype().kind(), std::size_t(a.itemsize()), false, k))
    throw py::type_error("ordo.mpi: internal error, an unchecked array reached the extension");
  return {a.mutable_data(), std::size_t(a.shape(0)), k};
}

template <class T>
std::span<T> span_of(const local& a) {
  return {static_cast<T*>(a.data), a.n};
}

// Runs the collective call f with the GIL released.
template <class F>
void collective(F&& f) {
  py::gil_scoped_release nogil;
  f();
}

// Sorts keys (and values, 4- or 8-byte words) in place.
void sort_py(const py::object& comm, const py::array& keys, const py::object& values, bool descending) {
  const ordo::mpi exec{comm_of(comm)};
  const local k = local_of(keys);
  const ordo::sort_options opt{.order = descending ? ordo::sort_order::descending : ordo::sort_order::ascending};
  visit_wide_key(k.kind, "mpi.sort", "keys", [&]<class Key>() {
    if (values.is_none()) return collective([&] { ordo::sort(exec, span_of<Key>(k), opt); });
    py::array v = values;
    const local vals{v.mutable_data(), std::size_t(v.shape(0)), key_kind{}};
    const auto with = [&]<class Word>() {
      collective([&] { ordo::sort(exec, span_of<Key>(k), span_of<Word>(vals), opt); });
    };
    if (v.itemsize() == 4) with.template operator()<std::uint32_t>();
    else with.template operator()<std::uint64_t>();
  });
}

// (process, index): two int64 arrays, split from ordo's global_index pairs.
py::tuple sort_idx_py(const py::object& comm, const py::array& keys, bool descending) {
  const ordo::mpi exec{comm_of(comm)};
  const local k = local_of(keys);
  std::vector<ordo::global_index> perm(k.n);
  visit_wide_key(k.kind, "mpi.sort_idx", "keys", [&]<class Key>() {
    collective([&] {
      ordo::sort_idx(exec, span_of<Key>(k), std::span(perm),
                     descending ? ordo::sort_order::descending : ordo::sort_order::ascending);
    });
  });
  py::array_t<std::int64_t> process(py::ssize_t(k.n)), index(py::ssize_t(k.n));
  auto* p = process.mutable_data();
  auto* i = index.mutable_data();
  for (std::size_t j = 0; j < k.n; ++j) {
    p[j] = perm[j].process;
    i[j] = std::int64_t(perm[j].index);
  }
  return py::make_tuple(process, index);
}

py::array rank_py(const py::object& comm, const py::array& keys, const std::string& method, bool ascending,
                  const std::string& na_option, bool pct) {
  ordo::rank_options opt;
  opt.method = ordo::parse_rank_method(method.c_str());
  opt.ascending = ascending;
  opt.na = ordo::parse_na_option(na_option.c_str());
  opt.pct = pct;
  const ordo::mpi exec{comm_of(comm)};
  const local k = local_of(keys);
  py::array_t<double> out(py::ssize_t(k.n));
  const std::span<double> r(out.mutable_data(), k.n);
  visit_wide_key(k.kind, "mpi.rank", "keys", [&]<class Key>() {
    collective([&] { ordo::rank(exec, span_of<const Key>(k), r, opt); });
  });
  return out;
}

// dtype: one of the rank types (the wrapper resolved None and checked it).
py::array rank_sorted_py(const py::object& comm, const py::array& keys, const std::string& method, bool descending,
                         bool validate, const py::dtype& dtype) {
  ordo::rank_sorted_options opt;
  opt.method = ordo::parse_rank_method(method.c_str());
  opt.order = descending ? ordo::sort_order::descending : ordo::sort_order::ascending;
  opt.validate = validate;
  const ordo::mpi exec{comm_of(comm)};
  const local k = local_of(keys);
  key_kind rk;
  if (!kind_from(dtype.kind(), std::size_t(dtype.itemsize()), false, rk))
    throw py::type_error("ordo.mpi.rank_sorted: internal error, an unchecked rank dtype reached the extension");
  py::array out(dtype, py::ssize_t(k.n));
  const local r{out.mutable_data(), k.n, rk};
  visit_wide_key(k.kind, "mpi.rank_sorted", "keys", [&]<class Key>() {
    visit_key(rk, [&]<class Rank>() {
      if constexpr (ordo::is_rank_type_v<Rank>)
        collective([&] { ordo::rank_sorted(exec, span_of<const Key>(k), span_of<Rank>(r), opt); });
    });
  });
  return out;
}

// The MPI library this module was linked with, for the check in ordo/mpi.py.
std::string library_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING];
  int len = 0;
  MPI_Get_library_version(text, &len);
  return std::string(text, std::size_t(len));
}

}  // namespace
}  // namespace ordo_py

PYBIND11_MODULE(_ordo_mpi, m) {
  namespace py = pybind11;
  using namespace ordo_py;
  if (import_mpi4py() < 0) throw py::error_already_set();  // also initialises MPI (mpi4py.MPI)
  m.doc() = "ordo.mpi's compiled part: ordo::mpi on numpy arrays; use ordo.mpi, which checks the arguments.";

  // ordo::error -> ordo.Error, the type ordo._ordo raises. Never destroyed: a
  // static py::object would be released after the interpreter is gone.
  static auto* error_type = new py::object(py::module_::import("ordo._ordo").attr("Error"));
  py::register_local_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ordo::error& e) {
      PyErr_SetString(error_type->ptr(), e.what());
    }
  });

  // numpy's names of the key types ordo::mpi takes (the wide ones).
  py::list keys;
  for (std::size_t i = 0; i < ordo::detail::key_count; ++i)
    visit_key(key_kind(i), [&]<class T>() {
      if constexpr (ordo::detail::is_wide_key<T>()) keys.append(dtype_name(key_kind(i)));
    });
  m.attr("key_dtypes") = keys;
  m.def("library_version", &library_version);
  m.def("sort", &sort_py, py::arg("comm"), py::arg("keys"), py::arg("values"), py::arg("descending"));
  m.def("sort_idx", &sort_idx_py, py::arg("comm"), py::arg("keys"), py::arg("descending"));
  m.def("rank", &rank_py, py::arg("comm"), py::arg("keys"), py::arg("method"), py::arg("ascending"),
        py::arg("na_option"), py::arg("pct"));
  m.def("rank_sorted", &rank_sorted_py, py::arg("comm"), py::arg("keys"), py::arg("method"), py::arg("descending"),
        py::arg("validate"), py::arg("dtype"));
}
