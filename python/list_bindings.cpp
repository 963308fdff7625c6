// ordo.list_rank and ordo.list_scan (seed 003) on numpy or GPU arrays.
#include <cstdint>
#include <string>

#include "array_helpers.hpp"
#include "ordo/list_rank.hpp"
#include "ordo/ops.hpp"

namespace ordo_py {
namespace {

ordo::list_options list_opts(const std::string& variant, bool validate, bool single, const std::string& runs) {
  ordo::list_options o;
  o.variant = ordo::parse_list_variant(variant.c_str());
  o.runs = ordo::parse_list_runs(runs.c_str());
  o.validate = validate;
  o.shape = single ? ordo::list_shape::single : ordo::list_shape::forest;
  return o;
}

py::object list_rank_py(const py::object& succ, bool validate, bool single, const std::string& variant,
                        const std::string& runs) {
  const auto o = list_opts(variant, validate, single, runs);
  const array s = get_integer_array(succ, "list_rank", "succ");
  result r = empty_like(s, s.n, kind_of<std::int64_t>());
  visit_index(s.kind, [&]<class Index>() {
    run_on(s, [&](const auto& exec) { ordo::list_rank(exec, s.view<Index>(), r.view<std::int64_t>(), o); });
  });
  return r.obj;
}

// The accumulator (and result) type of list_scan: `dtype` when given, else
// numpy's cumsum promotion for plus (int32 -> int64, uint32 -> uint64, so
// that [2^31-1, 1] sums to 2^31 as np.cumsum gives) and the values' type
// for min/max. A dtype the values do not convert to safely (numpy's
// can_cast(..., "safe")) is a TypeError: no value is changed silently.
key_kind scan_kind(const array& v, const std::string& op, const py::object& dtype) {
  if (dtype.is_none()) {
    if (op != "plus") return v.kind;
    return visit_key(v.kind, []<class T>() { return kind_of<ordo::sum_accumulator_t<T>>(); });
  }
  py::dtype dt = py::dtype::from_args(dtype);  // TypeError for what numpy does not understand
  key_kind k;
  if (!kind_from(dt.kind(), static_cast<std::size_t>(dt.itemsize()), false, k, std::string(py::str(dt.attr("name")))))
    throw py::type_error("ordo.list_scan: unsupported dtype " + std::string(py::str(dt)) + " (supported: " +
                         supported_keys() + ")");
  const bool safe = py::module_::import("numpy")
                        .attr("can_cast")(py::dtype(dtype_name(v.kind)), dt, "safe")
                        .cast<bool>();
  if (!safe)
    throw py::type_error(std::string("ordo.list_scan: values of dtype ") + dtype_name(v.kind) +
                         " do not convert safely to dtype " + dtype_name(k) + " (numpy's can_cast 'safe' rule)");
  return k;
}

// `values` as an array of kind k: itself, or a converted copy of the same kind
// of array (numpy astype, CuPy astype, torch .to) on the same device.
array converted(const array& v, key_kind k, const py::object& values) {
  if (v.kind == k) return v;
  const char* dt = dtype_name(k);
  py::object c;
  if (!v.gpu) c = py::module_::import("numpy").attr("asarray")(values).attr("astype")(dt);
  else if (py::hasattr(values, "to") && !py::hasattr(values, "astype"))  // torch
    c = values.attr("to")(py::module_::import("torch").attr(dt));
  else c = values.attr("astype")(dt);
  return get_array(c, "list_scan", "values");
}

py::object list_scan_py(const py::object& succ, const py::object& values, const std::string& op, bool validate,
                        bool single, const std::string& variant, const std::string& runs, const py::object& dtype) {
  const auto o = list_opts(variant, validate, single, runs);
  if (op != "plus" && op != "min" && op != "max")
    throw py::value_error("ordo.list_scan: op must be 'plus', 'min' or 'max', got '" + op + "'");
  const array s = get_integer_array(succ, "list_scan", "succ");
  const array v0 = get_array(values, "list_scan", "values");
  same_device(s, v0, "list_scan");
  if (v0.n != s.n)
    throw py::value_error("ordo.list_scan: succ has " + std::to_string(s.n) + " elements but values has " +
                          std::to_string(v0.n));
  const array v = converted(v0, scan_kind(v0, op, dtype), values);
  result r = empty_like(s, s.n, v.kind);
  visit_index(s.kind, [&]<class Index>() {
    visit_wide_key(v.kind, "list_scan", "values", [&]<class T>() {
      run_on(s, [&](const auto& exec) {
        const auto si = s.view<Index>();
        const auto vi = v.view<T>();
        if (op == "plus") ordo::list_scan(exec, si, vi, r.view<T>(), ordo::plus{}, o);
        else if (op == "min") ordo::list_scan(exec, si, vi, r.view<T>(), ordo::minimum{}, o);
        else ordo::list_scan(exec, si, vi, r.view<T>(), ordo::maximum{}, o);
      });
    });
  });
  return r.obj;
}

}  // namespace

void add_lists(py::module_& m) {
  m.def("list_rank", &list_rank_py, py::arg("succ"), py::arg("validate") = true, py::arg("single") = false,
        py::arg("variant") = "auto", py::arg("runs") = "detect",
        R"doc(Rank the nodes of the linked lists given by a successor array.

succ[i] is the node after i, or -1 (all bits set) at the end of a list. One
array may hold many lists; each node is ranked within its own.

Parameters
----------
succ : 1-D numpy or GPU array, int32/uint32/int64/uint64
validate : bool
    Raise ordo.Error (a ValueError) naming the first offending node for a
    successor out of range, two nodes with the same successor, or a cycle.
single : bool
    The input is one list: more than one head is an error too (with validate).
variant : {"auto", "sequential", "helman_jaja"} (CPU); {"auto", "rhj", "wyllie", "single_block"} (GPU)
runs : {"detect", "contract", "keep"}
    GPU: contract runs of consecutive indices (succ[i] == i + 1) and rank the
    list of runs; "detect" samples the input first (lists above 2^19 nodes).

Returns
-------
int64 array of succ's kind: 0 for each head, 1 for the node after it, ...

Example
-------
>>> ordo.list_rank(numpy.array([2, -1, 1]))   # 0 -> 2 -> 1
array([0, 2, 1]))doc");
  m.def("list_scan", &list_scan_py, py::arg("succ"), py::arg("values"), py::arg("op") = "plus",
        py::arg("validate") = true, py::arg("single") = false, py::arg("variant") = "auto",
        py::arg("runs") = "detect", py::arg("dtype") = py::none(),
        doc(R"doc(Inclusive prefix of `values` along each linked list.

out[head] = values[head], out[next] = op(out[node], values[next]).

Parameters
----------
succ : 1-D integer successor array (see list_rank)
values : 1-D, same length and device; {keys}
op : {"plus", "min", "max"}
    min and max propagate NaN, as numpy.minimum / numpy.maximum do.
dtype : None or {keys}
    The accumulator and result type, as numpy.cumsum's dtype=. None: numpy's
    promotion for plus (int32 -> int64, uint32 -> uint64; others keep their
    type) and the values' dtype for min/max. The values must convert to it
    safely (numpy.can_cast(values.dtype, dtype, "safe")), else TypeError.

Returns
-------
array of values' kind (numpy, CuPy or torch), of that dtype.)doc"));
}

}  // namespace ordo_py
