// ordo.rank over groups (groups=labels, segments=offsets or a length) and
// along an axis of an n-D numpy array (scipy.stats.rankdata's axis=).
#include "grouped_bindings.hpp"

#include <pybind11/numpy.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "array_helpers.hpp"
#include "ordo/grouped_rank.hpp"
#include "ordo/lexsort.hpp"
#include "ordo/topk.hpp"

namespace ordo_py {
namespace {

// rank()'s axis= defaults to Ellipsis, "not given": n-D input without it is
// the 1-D error it always was; axis=None flattens, as scipy's default does.
bool axis_omitted(const py::object& axis) { return axis.is(py::ellipsis()); }

// An int axis (Python int or numpy integer, as numpy takes them) checked
// against nd dimensions and made non-negative; anything else is a TypeError.
int axis_index(const py::object& axis, int nd, const char* fn) {
  std::int64_t ax = 0;
  try {
    ax = py::module_::import("operator").attr("index")(axis).cast<std::int64_t>();
  } catch (const py::error_already_set&) {
    throw py::type_error(std::string(fn) + ": axis must be an int" + (std::string(fn) == "ordo.rank" ? " or None" : "") +
                         ", got " + std::string(py::str(py::type::handle_of(axis).attr("__name__"))));
  }
  if (ax < -nd || ax >= nd)
    throw py::value_error(std::string(fn) + ": axis " + std::to_string(ax) + " is out of bounds for an array of " +
                          std::to_string(nd) + " dimensions");
  return int(ax < 0 ? ax + nd : ax);
}

int ndim_of(const py::object& x) { return py::hasattr(x, "ndim") ? x.attr("ndim").cast<int>() : 1; }

// The output starts as NaN where segments may leave elements uncovered.
void fill_nan(const result& r) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  if (py::hasattr(r.obj, "fill_")) r.obj.attr("fill_")(nan);  // torch
  else r.obj.attr("fill")(nan);                               // numpy, CuPy
}

// A positive segment length from a Python int (not bool).
std::uint64_t segment_length(const py::object& s) {
  const std::string text = py::str(s);
  if (s.attr("__le__")(0).cast<bool>())
    throw py::value_error("ordo.rank: the segment length must be positive, got " + text);
  try {
    return s.cast<std::uint64_t>();
  } catch (const py::cast_error&) {
    throw py::value_error("ordo.rank: the segment length " + text + " does not fit in 64 bits");
  }
}

py::object rank_1d(const py::object& x, const py::object& groups, const py::object& segments,
                   const ordo::rank_options& o) {
  const array a = get_array(x, "rank");
  result r = empty_like(a, a.n, kind_of<double>());
  if (!groups.is_none()) {
    const array g = get_array(groups, "rank", "groups", /*allow_flags=*/true);
    same_device(a, g, "rank");
    if (g.n != a.n)
      throw py::value_error("ordo.rank: groups has " + std::to_string(g.n) + " elements but x has " +
                            std::to_string(a.n));
    if (g.kind == key_kind::flag) {  // bool, int8, uint8: one byte; equality is all that matters
      visit_key(a.kind, [&]<class Key>() {
        const std::span<const std::uint8_t> labels(static_cast<const std::uint8_t*>(g.data), g.n);
        run_on(a, [&](const auto& exec) { ordo::grouped_rank(exec, a.view<Key>(), labels, r.view<double>(), o); });
      });
      return r.obj;
    }
    visit_key(g.kind, [&]<class Label>() {
      if constexpr (std::is_integral_v<Label> && !std::is_same_v<Label, bool>) {
        visit_key(a.kind, [&]<class Key>() {
          run_on(a, [&](const auto& exec) {
            ordo::grouped_rank(exec, a.view<Key>(), g.view<Label>(), r.view<double>(), o);
          });
        });
      } else {
        throw py::type_error(std::string("ordo.rank: groups must be an integer (or bool) array, got ") +
                             dtype_name(g.kind));
      }
    });
    return r.obj;
  }
  if (segments.is_none()) {  // the flattened n-D array: plain rank
    visit_key(a.kind, [&]<class Key>() {
      run_on(a, [&](const auto& exec) { ordo::rank(exec, a.view<Key>(), r.view<double>(), o); });
    });
    return r.obj;
  }
  if (py::isinstance<py::bool_>(segments))
    throw py::type_error("ordo.rank: segments must be an integer array of offsets or an int length, not bool");
  if (py::isinstance<py::int_>(segments)) {
    const auto segs = ordo::fixed_length(segment_length(segments));
    visit_key(a.kind, [&]<class Key>() {
      run_on(a, [&](const auto& exec) { ordo::grouped_rank(exec, a.view<Key>(), segs, r.view<double>(), o); });
    });
    return r.obj;
  }
  const array b = get_integer_array(segments, "rank", "segments");
  same_device(a, b, "rank");
  fill_nan(r);  // offsets need not start at 0 nor end at n
  visit_index(b.kind, [&]<class Offset>() {
    const auto segs = ordo::by_offsets(b.view<Offset>());
    visit_key(a.kind, [&]<class Key>() {
      run_on(a, [&](const auto& exec) { ordo::grouped_rank(exec, a.view<Key>(), segs, r.view<double>(), o); });
    });
  });
  return r.obj;
}

}  // namespace

bool is_grouped_rank(const py::object& /*x*/, const py::object& groups, const py::object& segments,
                     const py::object& axis) {
  return !groups.is_none() || !segments.is_none() || !axis_omitted(axis);
}

py::object grouped_rank_py(const py::object& x, const py::object& groups, const py::object& segments,
                           const py::object& axis, const ordo::rank_options& o) {
  if (!groups.is_none() && !segments.is_none())
    throw py::value_error("ordo.rank: give groups= or segments=, not both");
  const int nd = ndim_of(x);
  if (axis_omitted(axis) || (nd == 1 && axis.is_none())) return rank_1d(x, groups, segments, o);
  if (!groups.is_none() || !segments.is_none())
    throw py::value_error("ordo.rank: groups= and segments= take 1-D arrays (axis= ranks along an axis of an n-D one)");
  refuse_masked(x, "rank");
  if (!py::isinstance<py::array>(x))
    throw py::value_error("ordo.rank: axis= and n-D input take numpy arrays (GPU arrays: 1-D, with segments=)");
  py::module_ np = py::module_::import("numpy");
  py::array a = py::array(x);
  if (axis.is_none())  // scipy: axis=None ranks the flattened array (C order) and returns it 1-D
    return rank_1d(np.attr("ravel")(a), py::none(), py::none(), o);
  const int ax = axis_index(axis, nd, "ordo.rank");  // a 0-d array has no axis 0 (scipy's AxisError)
  // The axis last and C-contiguous: its lines are fixed-length segments.
  py::object moved = np.attr("ascontiguousarray")(np.attr("moveaxis")(a, ax, -1));
  const std::int64_t len = py::tuple(moved.attr("shape"))[nd - 1].cast<std::int64_t>();
  py::object flat = moved.attr("reshape")(-1);
  py::object ranks = len == 0 ? np.attr("empty")(py::make_tuple(0), "float64")
                              : rank_1d(flat, py::none(), py::int_(len), o);
  return np.attr("moveaxis")(ranks.attr("reshape")(moved.attr("shape")), -1, ax);
}

namespace {

// (values, indices) of the 1-D array x: over the whole array (row_length 0)
// or over each row of row_length keys.
py::tuple topk_1d(const py::object& x, std::uint64_t k, std::uint64_t row_length, bool largest) {
  const array a = get_array(x, "topk");
  if (row_length == 0) row_length = a.n;
  const std::uint64_t rows = row_length ? a.n / row_length : 0, m = rows * k;
  result v = empty_like(a, m, a.kind), i = empty_like(a, m, kind_of<std::int64_t>());
  const ordo::topk_options o{largest};
  visit_wide_key(a.kind, "topk", "x", [&]<class Key>() {
    run_on(a, [&](const auto& exec) {
      if (row_length == a.n) ordo::topk(exec, a.view<Key>(), k, v.view<Key>(), i.view<std::int64_t>(), o);
      else ordo::topk_rows(exec, a.view<Key>(), row_length, k, v.view<Key>(), i.view<std::int64_t>(), o);
    });
  });
  return py::make_tuple(v.obj, i.obj);
}

// axis= as ordo.rank takes it: omitted, x must be 1-D; given, n-D numpy
// arrays select along it (torch.topk's dim).
// row_length (the package's, for GPU n-D arrays it has flattened): 1-D x as rows of it.
py::tuple topk_py(const py::object& x, std::int64_t k, bool largest, bool /*sorted*/, const py::object& axis,
                  std::uint64_t row_length) {
  if (k < 0) throw py::value_error("ordo.topk: k must be >= 0, got " + std::to_string(k));
  const int nd = ndim_of(x);
  if (axis_omitted(axis)) return topk_1d(x, std::uint64_t(k), row_length, largest);
  const int ax = axis_index(axis, nd, "ordo.topk");
  if (nd == 1) return topk_1d(x, std::uint64_t(k), 0, largest);
  refuse_masked(x, "topk");
  if (!py::isinstance<py::array>(x)) throw py::value_error("ordo.topk: axis= on n-D input takes numpy arrays");
  py::module_ np = py::module_::import("numpy");
  py::object moved = np.attr("ascontiguousarray")(np.attr("moveaxis")(py::array(x), ax, -1));
  py::tuple shape = moved.attr("shape");
  const std::uint64_t len = shape[nd - 1].cast<std::uint64_t>();
  py::list out_shape;
  for (int d = 0; d + 1 < nd; ++d) out_shape.append(shape[d]);
  out_shape.append(k);
  if (len == 0 && k > 0) throw py::value_error("ordo.topk: k = " + std::to_string(k) + " is larger than the 0 keys of a row");
  py::tuple r = len == 0 ? py::make_tuple(np.attr("empty")(out_shape, moved.attr("dtype")), np.attr("empty")(out_shape, "int64"))
                         : topk_1d(moved.attr("reshape")(-1), std::uint64_t(k), len, largest);
  return py::make_tuple(np.attr("moveaxis")(r[0].attr("reshape")(out_shape), -1, ax),
                        np.attr("moveaxis")(r[1].attr("reshape")(out_shape), -1, ax));
}

// A bool or one bool per key (None: `dflt` for all).
std::vector<bool> per_key(const py::object& v, std::size_t count, bool dflt, const char* name) {
  if (v.is_none()) return std::vector<bool>(count, dflt);
  if (py::isinstance<py::bool_>(v)) return std::vector<bool>(count, v.cast<bool>());
  std::vector<bool> out;
  for (py::handle h : v) out.push_back(h.cast<bool>());
  if (out.size() != count)
    throw py::value_error(std::string("ordo.lexsort: ") + name + " has " + std::to_string(out.size()) +
                          " entries for " + std::to_string(count) + " keys");
  return out;
}

py::object lexsort_py(const py::sequence& keys, const py::object& descending, const py::object& nan_last) {
  const std::size_t m = py::len(keys);
  if (m == 0 || m > ordo::max_sort_keys)
    throw py::value_error("ordo.lexsort: takes 1 to " + std::to_string(ordo::max_sort_keys) + " keys, got " +
                          std::to_string(m));
  const std::vector<bool> desc = per_key(descending, m, false, "descending"), nl = per_key(nan_last, m, true, "nan_last");
  std::vector<array> cols;
  for (std::size_t i = 0; i < m; ++i) {
    cols.push_back(get_array(keys[i], "lexsort", "keys"));
    same_device(cols[0], cols.back(), "lexsort");
  }
  // numpy's order: the last key is the primary one
  std::vector<ordo::sort_key> sk;
  for (std::size_t i = m; i-- > 0;) {
    visit_wide_key(cols[i].kind, "lexsort", "keys", [&]<class Key>() {
      sk.push_back(ordo::make_sort_key(cols[i].view<Key>(), desc[i], nl[i]));
    });
  }
  result r = empty_like(cols[0], cols[0].n, kind_of<std::int64_t>());
  run_on(cols[0], [&](const auto& exec) {
    ordo::lexsort_idx(exec, std::span<const ordo::sort_key>(sk), r.view<std::uint64_t>());  // int64's bits
  });
  return r.obj;
}

}  // namespace

void add_grouped(py::module_& m) {
  m.def("lexsort", &lexsort_py, py::arg("keys"), py::arg("descending") = py::none(), py::arg("nan_last") = py::none(),
        doc(R"doc(Stable sorting permutation over several keys, as numpy.lexsort.

Parameters
----------
keys : sequence of 1 to 8 1-D arrays of one length (numpy, or all GPU arrays),
    each of int32/uint32/int64/uint64/float32/float64; as numpy.lexsort, the
    LAST key is the primary one.
descending : None, bool, or one bool per key (in the order of keys)
nan_last : None, bool, or one bool per key: NaN after every number (the
    default, numpy's) or before, whatever the direction.

Returns
-------
int64 array: the permutation; equal rows keep their input order.)doc"));
  m.def("topk", &topk_py, py::arg("x"), py::arg("k"), py::arg("largest") = true, py::arg("sorted") = true,
        py::arg("axis") = py::ellipsis(), py::arg("row_length") = 0,
        doc(R"doc(The k largest (or smallest) values and their indices, as torch.topk.

Parameters
----------
x : 1-D numpy or GPU array (CuPy, torch, JAX), or with axis= an n-D numpy
    array (any axis) or C-contiguous GPU array (the last axis), of
    int32/uint32/int64/uint64/float32/float64
k : int, at most the length along the axis
largest : bool
    The k largest, largest first (default), or the k smallest, smallest first.
sorted : bool
    Accepted for torch's signature; the output is always sorted.
axis : int
    For n-D input (torch's dim): the axis to select along; on the GPU the
    last one (-1, torch's default), each row by one warp where rows hold at
    most 1024 keys and k <= 32. Omitted, x must be 1-D (as ordo.rank's axis=).

Ties are broken by index (the lower index first), so the result is
deterministic; NaN is the largest value, -0.0 ties +0.0.

Returns
-------
(values, indices): values of x's dtype, indices int64 (into x for 1-D input,
along the axis otherwise), shaped as x with the axis of length k.)doc"));
}

}  // namespace ordo_py
