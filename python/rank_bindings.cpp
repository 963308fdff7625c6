// ordo.rank and ordo.rank_sorted (seed 000) on numpy or GPU arrays.
#include <cstdint>
#include <string>

#include "array_helpers.hpp"
#include "grouped_bindings.hpp"
#include "multikey_rank_bindings.hpp"
#include "ordo/rank.hpp"

namespace ordo_py {
namespace {

// ascending: a bool, or for key columns one bool per column.
py::object rank_py(const py::object& x, const std::string& method, const py::object& ascending,
                   const std::string& na_option, bool pct, const std::string& variant, const py::object& groups,
                   const py::object& segments, const py::object& axis) {
  ordo::rank_options opt;
  opt.method = ordo::parse_rank_method(method.c_str());
  opt.na = ordo::parse_na_option(na_option.c_str());
  opt.pct = pct;
  opt.variant = ordo::parse_rank_unsorted_variant(variant.c_str());
  if (is_column_list(x)) {
    if (is_grouped_rank(x, groups, segments, axis))
      throw py::value_error("ordo.rank: groups=, segments= and axis= take one array, not a list of key columns");
    return rank_columns_py(x, ascending, opt);
  }
  if (py::isinstance<py::list>(ascending) || py::isinstance<py::tuple>(ascending) ||
      py::isinstance<py::array>(ascending))
    throw py::type_error("ordo.rank: ascending must be a bool (one bool per column takes a list of key columns), got " +
                         std::string(py::repr(ascending)));
  opt.ascending = ascending.cast<bool>();
  if (is_grouped_rank(x, groups, segments, axis)) return grouped_rank_py(x, groups, segments, axis, opt);
  const array a = get_array(x, "rank");
  result r = empty_like(a, a.n, kind_of<double>());
  visit_key(a.kind, [&]<class Key>() {
    run_on(a, [&](const auto& exec) { ordo::rank(exec, a.view<Key>(), r.view<double>(), opt); });
  });
  return r.obj;
}

// The rank types (ordo::is_rank_type_v: uint32, uint64, float32, float64),
// among the key types' rows.
key_kind parse_rank_dtype(const py::object& dtype, ordo::rank_method method) {
  if (dtype.is_none()) return method == ordo::rank_method::average ? kind_of<double>() : kind_of<std::uint64_t>();
  py::dtype dt = py::dtype::from_args(dtype);  // TypeError for what numpy does not understand
  key_kind k;
  if (kind_from(dt.kind(), static_cast<std::size_t>(dt.itemsize()), false, k, std::string(py::str(dt.attr("name")))) &&
      ordo::detail::key_dtypes[std::size_t(k)].rank)
    return k;
  static const std::string supported =
      ordo::detail::numpy_names([](const ordo::detail::key_dtype& d) { return d.rank; });
  throw py::type_error("ordo.rank_sorted: unsupported rank dtype " + std::string(py::str(dt)) + " (supported: " +
                       supported + ")");
}

// float32 ranks are exact only up to 2^24 (average: half ranks, 2^23): a
// larger n would round ranks silently, so it is refused in favour of float64.
// (float64 is exact for every n an array can have, uint32 is checked by the
// library.)
void check_exact_ranks(key_kind rk, ordo::rank_method method, std::size_t n) {
  if (rk != kind_of<float>()) return;
  const std::size_t limit = method == ordo::rank_method::average ? (std::size_t(1) << 23) : (std::size_t(1) << 24);
  if (n > limit)
    throw py::value_error("ordo.rank_sorted: " + std::to_string(n) + " keys have ranks float32 cannot hold exactly (" +
                          std::string(method == ordo::rank_method::average ? "average ranks: at most 2^23 keys"
                                                                           : "at most 2^24 keys") +
                          "); use dtype=float64");
}

py::object rank_sorted_py(const py::object& x, const std::string& method, bool descending, bool validate,
                          const py::object& dtype, const std::string& variant) {
  ordo::rank_sorted_options opt;
  opt.variant = ordo::parse_rank_variant(variant.c_str());
  opt.method = ordo::parse_rank_method(method.c_str());
  opt.order = descending ? ordo::sort_order::descending : ordo::sort_order::ascending;
  opt.validate = validate;
  const array a = get_array(x, "rank_sorted");
  const key_kind rk = parse_rank_dtype(dtype, opt.method);
  check_exact_ranks(rk, opt.method, a.n);
  result r = empty_like(a, a.n, rk);
  visit_key(a.kind, [&]<class Key>() {
    visit_key(rk, [&]<class Rank>() {
      if constexpr (ordo::is_rank_type_v<Rank>)
        run_on(a, [&](const auto& exec) { ordo::rank_sorted(exec, a.view<Key>(), r.view<Rank>(), opt); });
    });
  });
  return r.obj;
}

}  // namespace

void add_rank(py::module_& m) {
  m.def("rank", &rank_py, py::arg("x"), py::arg("method") = "average", py::arg("ascending") = py::bool_(true),
        py::arg("na_option") = "keep", py::arg("pct") = false, py::arg("variant") = "auto",
        py::arg("groups") = py::none(), py::arg("segments") = py::none(), py::arg("axis") = py::ellipsis(),
        doc(R"doc(Rank the values of a 1-D numpy array like pandas.Series.rank.

Parameters
----------
x : 1-D numpy array, CuPy array or torch CUDA tensor: {keys}
    Non-contiguous numpy arrays are copied first; GPU arrays must be contiguous.
    Or a list (or tuple) of 1 to 8 such arrays of one length, the key
    columns: the rows are ranked as tuples, the FIRST column primary (as
    pandas sort_values(by=[...]); numpy.lexsort and ordo.lexsort take the
    last key as the primary one), ties being rows equal on every column.
method : {"average", "min", "max", "dense", "first", "ordinal"}
    How ties share ranks; "first" and "ordinal" both rank ties in input order.
ascending : bool, or with key columns one bool per column
na_option : {"keep", "top", "bottom"}
    "keep" gives NaN keys a NaN rank; "top"/"bottom" rank them first/last.
    Key columns: under "keep" a row with NaN in any column gets NaN and is
    not counted by pct; under "top"/"bottom" NaN goes before/after the
    numbers of each column, the row ranked where that puts it.
pct : bool
    Divide by the number of ranked keys (dense: by the largest rank).
variant : {"auto", "sort_back", "msd_replay", "counting"}
    The implementation, selectable so it can be measured. sort_back sorts
    (key, index) pairs and writes each rank home; msd_replay partitions the
    keys, ranks each bucket in cache and replays the partition (CPU: every
    key type and method but dense; GPU: 32-bit keys). Where msd_replay does
    not apply it runs sort_back. counting ranks keys that span at most 65536
    values (8- and 16-bit integers, bool, small-range data) from a histogram,
    with no sort (GPU: every method but first); keys spanning more raise.
    auto counts on the CPU wherever the range allows, on the GPU for 8- and
    16-bit integer and bool keys.
groups : None or integer (or bool) array of len(x)
    Rank within groups, as pandas x.groupby(groups).rank(...): pct divides by
    the group's ranked keys (dense: the group's distinct keys).
segments : None, an int L or an integer array of offsets
    Rank within segments: x[offsets[i]:offsets[i+1]] (elements outside every
    segment get NaN), or runs of L keys.
axis : int or None (n-D numpy arrays, C or Fortran order)
    As scipy.stats.rankdata: rank along this axis; axis=None ranks the
    flattened array (returned 1-D). Without axis=, x must be 1-D.

Returns
-------
float64 array of x's kind (numpy, CuPy or torch), the same length as x.

Raises TypeError for an unsupported dtype or a non-array;
ValueError for bad names, a non-1-D array or an ordo error.)doc"));
  m.def("rank_sorted", &rank_sorted_py, py::arg("x"), py::arg("method") = "min",
        py::arg("descending") = false, py::arg("validate") = true, py::arg("dtype") = py::none(),
        py::arg("variant") = "auto",
        doc(R"doc(Ranks of an already sorted 1-D numpy array.

Parameters
----------
x : 1-D numpy or GPU array, {keys}, sorted
    ascending (NaN last) or, with descending=True, descending (NaN first).
method : {"min", "max", "dense", "ordinal", "first", "average"}
    1224 / 1334 / 1223 / 1234 / 1 2.5 2.5 4.
descending : bool
    x is sorted in descending order.
validate : bool
    Check that x is sorted and raise ValueError (ordo.Error) if it is not.
    Without it, unsorted input gives unspecified ranks (but is memory safe).
dtype : None or {ranks}
    The rank type; None means uint64, or float64 for "average". float32 holds
    every rank exactly up to 2^24 keys (2^23 for "average"); more keys with
    float32 raise ValueError rather than round.
variant : the implementation, selectable so it can be measured:
    "auto" (the fastest), "sequential" or "parallel_search" (CPU);
    "naive", "shuffle", "hybrid", "block_search", "lookback" or "scan" (GPU). A
    variant that cannot compute the method raises ordo.Error.

Returns
-------
array of x's kind and of dtype, the same length as x.)doc"));
}

}  // namespace ordo_py
