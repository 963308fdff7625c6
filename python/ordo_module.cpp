// The Python module `ordo`: ordo::rank and ordo::rank_sorted on 1-D numpy
// arrays, run on ordo::cpu{} (every core) with the GIL released.
//
//   ordo.rank(x, method="average", ascending=True, na_option="keep", pct=False)
//       pandas Series.rank; float64 ranks, like pandas
//   ordo.rank_sorted(x, method="min", descending=False, validate=True, dtype=None)
//       ranks of sorted keys; uint64 (float64 for "average") unless dtype says otherwise
//
// Errors: TypeError for what is not a numpy array of a supported dtype (and for
// GPU arrays, which a later slice will take without copying them to the host);
// ValueError for everything else, ordo::error included (as ordo.Error, a
// subclass of ValueError). See docs/python.md.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/list_rank.hpp"
#include "ordo/rank.hpp"
#include "array_helpers.hpp"

namespace py = pybind11;

namespace {
using namespace ordo_py;

py::array rank_py(const py::object& x, const std::string& method, bool ascending, const std::string& na_option,
                  bool pct) {
  ordo::rank_options opt;
  opt.method = ordo::parse_rank_method(method.c_str());
  opt.ascending = ascending;
  opt.na = ordo::parse_na_option(na_option.c_str());
  opt.pct = pct;
  const key_kind k = check_keys(x, "rank");
  return visit_key(k, [&]<class Key>() -> py::array {
    auto keys = contiguous<Key>(x);
    const auto n = static_cast<std::size_t>(keys.shape(0));
    py::array_t<double> ranks(static_cast<py::ssize_t>(n));
    std::span<const Key> in(keys.data(), n);
    std::span<double> out(ranks.mutable_data(), n);
    {
      py::gil_scoped_release nogil;
      ordo::rank(ordo::cpu{}, in, out, opt);
    }
    return ranks;
  });
}

enum class rank_kind { u32, u64, f32, f64 };

rank_kind parse_rank_dtype(const py::object& dtype, ordo::rank_method method) {
  if (dtype.is_none()) return method == ordo::rank_method::average ? rank_kind::f64 : rank_kind::u64;
  py::dtype dt = py::dtype::from_args(dtype);  // TypeError for what numpy does not understand
  const char kind = dt.kind();
  const auto size = dt.itemsize();
  if (kind == 'u' && size == 4) return rank_kind::u32;
  if (kind == 'u' && size == 8) return rank_kind::u64;
  if (kind == 'f' && size == 4) return rank_kind::f32;
  if (kind == 'f' && size == 8) return rank_kind::f64;
  throw py::type_error("ordo.rank_sorted: unsupported rank dtype " + std::string(py::str(dt)) +
                       " (supported: uint32, uint64, float32 or float64)");
}

template <class Key, class Rank>
py::array rank_sorted_typed(py::handle x, const ordo::rank_sorted_options& opt) {
  auto keys = contiguous<Key>(x);
  const auto n = static_cast<std::size_t>(keys.shape(0));
  py::array_t<Rank> ranks(static_cast<py::ssize_t>(n));
  std::span<const Key> in(keys.data(), n);
  std::span<Rank> out(ranks.mutable_data(), n);
  {
    py::gil_scoped_release nogil;
    ordo::rank_sorted(ordo::cpu{}, in, out, opt);
  }
  return ranks;
}

py::array rank_sorted_py(const py::object& x, const std::string& method, bool descending, bool validate,
                         const py::object& dtype) {
  ordo::rank_sorted_options opt;
  opt.method = ordo::parse_rank_method(method.c_str());
  opt.order = descending ? ordo::sort_order::descending : ordo::sort_order::ascending;
  opt.validate = validate;
  const key_kind k = check_keys(x, "rank_sorted");
  const rank_kind r = parse_rank_dtype(dtype, opt.method);
  return visit_key(k, [&]<class Key>() -> py::array {
    switch (r) {
      case rank_kind::u32: return rank_sorted_typed<Key, std::uint32_t>(x, opt);
      case rank_kind::u64: return rank_sorted_typed<Key, std::uint64_t>(x, opt);
      case rank_kind::f32: return rank_sorted_typed<Key, float>(x, opt);
      case rank_kind::f64: break;
    }
    return rank_sorted_typed<Key, double>(x, opt);
  });
}

// list_rank / list_scan: successors must be an integer array.
ordo::list_options list_opts(const std::string& variant, bool validate, bool single) {
  ordo::list_options o;
  o.variant = ordo::parse_list_variant(variant.c_str());
  o.validate = validate;
  o.shape = single ? ordo::list_shape::single : ordo::list_shape::forest;
  return o;
}

key_kind check_succ(py::handle obj, const char* fn) {
  const key_kind k = check_keys(obj, fn);
  if (k == key_kind::f32 || k == key_kind::f64)
    throw py::type_error(std::string("ordo.") + fn + ": successors must be int32, uint32, int64 or uint64, got " +
                         std::string(py::str(py::reinterpret_borrow<py::array>(obj).dtype())));
  return k;
}

template <class F>
decltype(auto) visit_index(key_kind k, F&& f) {
  switch (k) {
    case key_kind::i32: return f.template operator()<std::int32_t>();
    case key_kind::u32: return f.template operator()<std::uint32_t>();
    case key_kind::u64: return f.template operator()<std::uint64_t>();
    default: break;
  }
  return f.template operator()<std::int64_t>();
}

py::array list_rank_py(const py::object& succ, bool validate, bool single, const std::string& variant) {
  const auto o = list_opts(variant, validate, single);
  return visit_index(check_succ(succ, "list_rank"), [&]<class Index>() -> py::array {
    auto s = contiguous<Index>(succ);
    const auto n = static_cast<std::size_t>(s.shape(0));
    py::array_t<std::int64_t> ranks(static_cast<py::ssize_t>(n));
    std::span<const Index> in(s.data(), n);
    std::span<std::int64_t> out(ranks.mutable_data(), n);
    {
      py::gil_scoped_release nogil;
      ordo::list_rank(ordo::cpu{}, in, out, o);
    }
    return ranks;
  });
}

py::array list_scan_py(const py::object& succ, const py::object& values, const std::string& op, bool validate,
                       bool single, const std::string& variant) {
  const auto o = list_opts(variant, validate, single);
  const key_kind vk = check_keys(values, "list_scan");
  if (op != "plus" && op != "min" && op != "max")
    throw py::value_error("ordo.list_scan: op must be 'plus', 'min' or 'max', got '" + op + "'");
  return visit_index(check_succ(succ, "list_scan"), [&]<class Index>() -> py::array {
    auto s = contiguous<Index>(succ);
    return visit_key(vk, [&]<class T>() -> py::array {
      auto v = contiguous<T>(values);
      const auto n = static_cast<std::size_t>(s.shape(0));
      if (static_cast<std::size_t>(v.shape(0)) != n)
        throw py::value_error("ordo.list_scan: succ has " + std::to_string(n) + " elements but values has " +
                              std::to_string(v.shape(0)));
      py::array_t<T> out(static_cast<py::ssize_t>(n));
      std::span<const Index> si(s.data(), n);
      std::span<const T> vi(v.data(), n);
      std::span<T> oi(out.mutable_data(), n);
      py::gil_scoped_release nogil;
      if (op == "plus") ordo::list_scan(ordo::cpu{}, si, vi, oi, ordo::plus{}, o);
      else if (op == "min") ordo::list_scan(ordo::cpu{}, si, vi, oi, ordo::minimum{}, o);
      else ordo::list_scan(ordo::cpu{}, si, vi, oi, ordo::maximum{}, o);
      return out;
    });
  });
}

}  // namespace

PYBIND11_MODULE(ordo, m) {
  m.doc() =
      "ordo: parallel ranking primitives (CPU: numpy arrays, every core).\n\n"
      "rank(x, ...)         pandas Series.rank / scipy.stats.rankdata semantics, float64 ranks\n"
      "rank_sorted(x, ...)  ranks of an already sorted array (min/max/dense/ordinal/average)\n"
      "list_rank(succ)      each node's distance from the head of its linked list\n"
      "list_scan(succ, v)   prefix of v along each linked list (plus, min or max)\n\n"
      "Keys: 1-D numpy arrays of int32, uint32, int64, uint64, float32 or float64.\n"
      "Errors from the library are raised as ordo.Error, a subclass of ValueError.";
#ifdef ORDO_VERSION_STRING
  m.attr("__version__") = ORDO_VERSION_STRING;
#endif

  // ordo::error (size mismatches, unsorted input, bad names...) -> ordo.Error(ValueError).
  // Never destroyed: a static py::object would be released after the interpreter is gone.
  static auto* error_type = new py::exception<ordo::error>(m, "Error", PyExc_ValueError);
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const ordo::error& e) {
      (*error_type)(e.what());
    }
  });

  m.def("rank", &rank_py, py::arg("x"), py::arg("method") = "average", py::arg("ascending") = true,
        py::arg("na_option") = "keep", py::arg("pct") = false,
        R"doc(Rank the values of a 1-D numpy array like pandas.Series.rank.

Parameters
----------
x : numpy.ndarray, 1-D, int32/uint32/int64/uint64/float32/float64
    Non-contiguous or byte-swapped arrays are copied to a contiguous array first.
method : {"average", "min", "max", "dense", "first", "ordinal"}
    How ties share ranks; "first" and "ordinal" both rank ties in input order.
ascending : bool
na_option : {"keep", "top", "bottom"}
    "keep" gives NaN keys a NaN rank; "top"/"bottom" rank them first/last.
pct : bool
    Divide by the number of ranked keys (dense: by the largest rank).

Returns
-------
numpy.ndarray of float64, the same length as x.

Raises TypeError for an unsupported dtype, a non-array or a GPU array;
ValueError for bad names, a non-1-D array or an ordo error.)doc");

  m.def("rank_sorted", &rank_sorted_py, py::arg("x"), py::arg("method") = "min",
        py::arg("descending") = false, py::arg("validate") = true, py::arg("dtype") = py::none(),
        R"doc(Ranks of an already sorted 1-D numpy array.

Parameters
----------
x : numpy.ndarray, 1-D, int32/uint32/int64/uint64/float32/float64, sorted
    ascending (NaN last) or, with descending=True, descending (NaN first).
method : {"min", "max", "dense", "ordinal", "first", "average"}
    1224 / 1334 / 1223 / 1234 / 1 2.5 2.5 4.
descending : bool
    x is sorted in descending order.
validate : bool
    Check that x is sorted and raise ValueError (ordo.Error) if it is not.
    Without it, unsorted input gives unspecified ranks (but is memory safe).
dtype : None or uint32/uint64/float32/float64
    The rank type; None means uint64, or float64 for "average".

Returns
-------
numpy.ndarray of dtype, the same length as x.)doc");

  m.def("list_rank", &list_rank_py, py::arg("succ"), py::arg("validate") = true, py::arg("single") = false,
        py::arg("variant") = "auto",
        R"doc(Rank the nodes of the linked lists given by a successor array.

succ[i] is the node after i, or -1 (all bits set) at the end of a list. One
array may hold many lists; each node is ranked within its own.

Parameters
----------
succ : numpy.ndarray, 1-D, int32/uint32/int64/uint64
validate : bool
    Raise ordo.Error (a ValueError) naming the first offending node for a
    successor out of range, two nodes with the same successor, or a cycle.
single : bool
    The input is one list: more than one head is an error too (with validate).
variant : {"auto", "sequential", "helman_jaja"}

Returns
-------
numpy.ndarray of int64: 0 for each head, 1 for the node after it, ...

Example
-------
>>> ordo.list_rank(numpy.array([2, -1, 1]))   # 0 -> 2 -> 1
array([0, 2, 1]))doc");

  ordo_py::add_primitives(m);

  m.def("list_scan", &list_scan_py, py::arg("succ"), py::arg("values"), py::arg("op") = "plus",
        py::arg("validate") = true, py::arg("single") = false, py::arg("variant") = "auto",
        R"doc(Inclusive prefix of `values` along each linked list.

out[head] = values[head], out[next] = op(out[node], values[next]).

Parameters
----------
succ : numpy.ndarray, 1-D integer successor array (see list_rank)
values : numpy.ndarray, 1-D, same length; int32/uint32/int64/uint64/float32/float64
op : {"plus", "min", "max"}

Returns
-------
numpy.ndarray of values' dtype.)doc");
}
