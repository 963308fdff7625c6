// The BSGP primitives (seed 001) on numpy or GPU arrays: sort_idx / argsort,
// scan, reduce, compact, split, merge and fork.
#include <cstdint>
#include <limits>
#include <type_traits>
#include <string>

#include "array_helpers.hpp"
#include "ordo/ops.hpp"
#include "ordo/primitives.hpp"

namespace ordo_py {
namespace {

py::object sort_idx_py(const py::object& x, bool descending, const std::string& variant) {
  const ordo::sort_idx_options o{ordo::parse_sort_idx_variant(variant.c_str())};
  const array a = get_array(x, "sort_idx");
  result perm = empty_like(a, a.n, kind_of<std::int64_t>());
  visit_key(a.kind, [&]<class Key>() {
    run_on(a, [&](const auto& exec) {
      auto p = perm.view<std::uint64_t>();  // int64 indices < 2^63: the same bits
      if (descending) ordo::sort_idx(exec, a.view<Key>(), p, std::span<Key>(), ordo::greater{}, o);
      else ordo::sort_idx(exec, a.view<Key>(), p, std::span<Key>(), ordo::less{}, o);
    });
  });
  return perm.obj;
}

void check_op(const std::string& op, const char* fn) {
  if (op != "plus" && op != "min" && op != "max" && op != "fmin" && op != "fmax")
    throw py::value_error(std::string("ordo.") + fn +
                          ": op must be 'plus', 'min' or 'max' (or the NaN-ignoring 'fmin', 'fmax'), got '" + op + "'");
}

// f(functor) with the operator `op` names. min/max propagate NaN
// (np.minimum/np.maximum); fmin/fmax ignore it (np.fmin/np.fmax).
template <class F>
void with_op(const std::string& op, F&& f) {
  if (op == "plus") f(ordo::plus{});
  else if (op == "min") f(ordo::minimum{});
  else if (op == "max") f(ordo::maximum{});
  else if (op == "fmin") f(ordo::fmin{});
  else f(ordo::fmax{});
}

// --- accumulator types (numpy's dtype=) -----------------------------------
// The name of x's dtype ("int16", "bool", ...; torch's without "torch."), or
// "" for an object without one.
std::string dtype_str(const py::object& x) {
  if (!py::hasattr(x, "dtype")) return "";
  std::string s = py::str(x.attr("dtype"));
  if (s.rfind("torch.", 0) == 0) s = s.substr(6);
  return s;
}
// The key type named dt (numpy's name), if any.
// The key type of the main list named dt (numpy's name), if any: scan and
// reduce take those only.
bool key_named(const std::string& dt, key_kind& out) {
  for (std::size_t i = 0; i < ordo::detail::key_count; ++i)
    if (ordo::detail::key_dtypes[i].wide && dt == ordo::detail::key_dtypes[i].numpy->name) return out = key_kind(i), true;
  return false;
}
// numpy's narrow integers (bool, 8- and 16-bit), which scan and reduce do not
// take (not keys, or narrow keys): numpy sums them, ordo converts them to the
// accumulator first.
bool is_narrow_int(const std::string& dt) {
  key_kind k;
  return (dt == "bool" || dt == "int8" || dt == "uint8" || dt == "int16" || dt == "uint16") && !key_named(dt, k);
}
// numpy's sum accumulator for such a dtype.
key_kind narrow_sum_kind(const std::string& dt) {
  return dt[0] == 'u' ? kind_of<std::uint64_t>() : kind_of<std::int64_t>();
}

key_kind parse_kind(const std::string& dt, const char* fn) {
  key_kind k;
  if (key_named(dt, k)) return k;
  throw py::type_error(std::string("ordo.") + fn + ": dtype must be one of " + ordo::detail::wide_numpy_names() +
                       ", got " + dt);
}
// dtype= as numpy spells it (np.int64, "int64", np.dtype("int64"), torch.int64), or none.
bool requested_kind(const py::object& dtype, const char* fn, key_kind& out) {
  if (dtype.is_none()) return false;
  std::string s;
  if (py::isinstance<py::str>(dtype)) s = py::str(dtype);
  else if (std::string(py::str(dtype)).rfind("torch.", 0) == 0) s = std::string(py::str(dtype)).substr(6);
  else s = py::str(py::module_::import("numpy").attr("dtype")(dtype).attr("name"));
  out = parse_kind(s, fn);
  return true;
}

// The (In, Acc) pairs with In != Acc whose GPU code libordo holds: numpy's
// promotions int32 -> int64 and uint32 -> uint64 under plus
// (src/common/primitives/instantiate.hpp), a table of its own; any other
// accumulator converts x first.
template <class In, class Acc>
inline constexpr bool held_promotion = (std::is_same_v<In, std::int32_t> && std::is_same_v<Acc, std::int64_t>) ||
                                       (std::is_same_v<In, std::uint32_t> && std::is_same_v<Acc, std::uint64_t>);

// numpy's sum(x, dtype=) casts x unsafely (1.5 -> 1, -1 -> 2^64 - 1, 2^63 ->
// -2^63); ordo refuses the casts that can change a value's meaning: floating
// point to an integer, signed to unsigned, unsigned to a signed integer no
// wider, and to a narrower integer.
void check_cast(key_kind in, key_kind acc, const char* fn) {
  const bool int_in = !is_floating(in), int_acc = !is_floating(acc);
  const bool signed_in = int_in && is_signed(in), signed_acc = int_acc && is_signed(acc);
  const bool narrower = int_in && int_acc && element_size(acc) < element_size(in);
  const bool unsigned_to_signed = int_in && !signed_in && signed_acc && element_size(acc) <= element_size(in);
  if ((!int_in && int_acc) || (signed_in && int_acc && !signed_acc) || narrower || unsigned_to_signed)
    throw py::type_error(std::string("ordo.") + fn + ": dtype=" + dtype_name(acc) + " could change " +
                         dtype_name(in) + " values (numpy casts them unsafely); convert x first if that is meant");
}

// x as an array of kind k: numpy's and CuPy's astype, torch's to().
py::object converted(const py::object& x, key_kind k) {
  const std::string mod = py::str(py::type::handle_of(x).attr("__module__"));
  if (mod.rfind("torch", 0) == 0) return x.attr("to")(py::module_::import("torch").attr(dtype_name(k)));
  return x.attr("astype")(dtype_name(k));
}

// The accumulator of scan / reduce over x: dtype= when given, else numpy's
// default (a sum promotes int32 to int64 and uint32 to uint64 as np.cumsum and
// np.sum do; min and max keep x's type). x is replaced by a converted copy
// when the accumulator is neither x's type nor a promotion libordo holds.
key_kind accumulator(py::object& x, const std::string& op, const py::object& dtype, const char* fn) {
  key_kind acc = kind_of<double>();
  const bool given = requested_kind(dtype, fn, acc);
  const std::string dt = dtype_str(x);
  if (is_narrow_int(dt)) {  // not a key type: convert to the accumulator first
    if (!given && op != "plus")
      throw py::type_error(std::string("ordo.") + fn + ": x has dtype " + dt + ", which op='" + op +
                           "' would keep; pass dtype= one of " + ordo::detail::wide_numpy_names());
    if (!given) acc = narrow_sum_kind(dt);
    if (dt[0] == 'i' && !is_floating(acc) && !is_signed(acc)) check_cast(kind_of<std::int32_t>(), acc, fn);
    x = converted(x, acc);
    return acc;
  }
  const key_kind in = get_array(x, fn).kind;
  if (given) check_cast(in, acc, fn);
  if (!given) acc = op == "plus" ? visit_key(in, []<class T>() { return kind_of<ordo::sum_accumulator_t<T>>(); }) : in;
  const bool held = acc == in || (op == "plus" && visit_key(in, [&]<class In>() {
                                    return visit_key(acc, [&]<class Acc>() { return held_promotion<In, Acc>; });
                                  }));
  if (!held) x = converted(x, acc);
  return acc;
}

// The (In, Acc, Op) libordo's GPU code holds: the same type, or a promoted sum
// (accumulator() never asks for another).
template <class In, class Acc, class Op>
inline constexpr bool held_pair = std::is_same_v<In, Acc> || std::is_same_v<Op, ordo::plus>;

// f.template operator()<In, Acc>() for the pair accumulator() left.
template <class F>
decltype(auto) visit_pair(key_kind in, key_kind acc, const char* fn, F&& f) {
  return visit_wide_key(in, fn, "x", [&]<class In>() -> decltype(auto) {
    using Sum = ordo::sum_accumulator_t<In>;
    if constexpr (held_promotion<In, Sum>)
      if (acc == kind_of<Sum>()) return f.template operator()<In, Sum>();
    return f.template operator()<In, In>();
  });
}

// A reduction's value as a Python number (16-bit floats through a double).
template <class T>
py::object to_python(T v) {
  if constexpr (std::is_arithmetic_v<T>) return py::cast(v);
  else return py::float_(ordo::detail::key_to_double(v));
}

py::object scan_py(py::object x, const std::string& op, bool exclusive, const py::object& dtype) {
  check_op(op, "scan");
  const key_kind acc = accumulator(x, op, dtype, "scan");
  const ordo::scan_options o{exclusive ? ordo::scan_kind::exclusive : ordo::scan_kind::inclusive};
  const array a = get_array(x, "scan");
  result out = empty_like(a, a.n, acc);
  visit_pair(a.kind, acc, "scan", [&]<class In, class Acc>() {
    with_op(op, [&](auto fn) {
      if constexpr (held_pair<In, Acc, decltype(fn)>)
        run_on(a, [&](const auto& exec) { ordo::scan(exec, a.view<In>(), out.view<Acc>(), fn, o); });
    });
  });
  return out.obj;
}

py::object reduce_py(py::object x, const std::string& op, const py::object& dtype) {
  check_op(op, "reduce");
  const key_kind acc = accumulator(x, op, dtype, "reduce");
  const array a = get_array(x, "reduce");
  if (a.n == 0 && op != "plus")  // numpy: "zero-size array to reduction operation maximum which has no identity"
    throw py::value_error("ordo.reduce: op='" + op + "' of an empty array has no value (numpy raises too)");
  return visit_pair(a.kind, acc, "reduce", [&]<class In, class Acc>() -> py::object {
    Acc v{};
    with_op(op, [&](auto fn) {
      if constexpr (held_pair<In, Acc, decltype(fn)>)
        v = run_on(a, [&](const auto& exec) { return ordo::reduce_and_wait<Acc>(exec, a.view<In>(), fn); });
    });
    return to_python(v);
  });
}

// x and one-byte flags of the same length and device.
array flags_for(const array& a, const py::object& flags, const char* fn) {
  array f = get_array(flags, fn, "flags", /*allow_flags=*/true);
  if (f.kind != key_kind::flag)
    throw py::type_error(std::string("ordo.") + fn + ": flags must be bool or uint8, got " + dtype_name(f.kind));
  same_device(a, f, fn);
  if (f.n != a.n)
    throw py::value_error(std::string("ordo.") + fn + ": x has " + std::to_string(a.n) + " elements but flags has " +
                          std::to_string(f.n));
  return f;
}

py::object compact_py(const py::object& x, const py::object& flags) {
  const array a = get_array(x, "compact");
  const array f = flags_for(a, flags, "compact");
  result out = empty_like(a, a.n, a.kind);
  result count = empty_like(a, 1, kind_of<std::uint64_t>());
  visit_wide_key(a.kind, "compact", "x", [&]<class T>() {
    run_on(a, [&](const auto& exec) {
      ordo::compact(exec, a.view<T>(), f.view<std::uint8_t>(), out.view<T>(), count.view<std::uint64_t>());
    });
  });
  return head(out, read_u64(a, count));
}

py::tuple split_py(const py::object& x, const py::object& flags, unsigned n_buckets) {
  const array a = get_array(x, "split");
  const array f = flags_for(a, flags, "split");
  result out = empty_like(a, a.n, a.kind);
  if (n_buckets == 0) {  // two-way: zeros first
    result zeros = empty_like(a, 1, kind_of<std::uint64_t>());
    visit_wide_key(a.kind, "split", "x", [&]<class T>() {
      run_on(a, [&](const auto& exec) {
        ordo::split(exec, a.view<T>(), f.view<std::uint8_t>(), out.view<T>(), zeros.view<std::uint64_t>());
      });
    });
    return py::make_tuple(out.obj, read_u64(a, zeros));
  }
  if (n_buckets > 256) throw py::value_error("ordo.split: n_buckets must be at most 256, got " + std::to_string(n_buckets));
  result offsets = empty_like(a, n_buckets + 1, kind_of<std::uint64_t>());
  visit_wide_key(a.kind, "split", "x", [&]<class T>() {
    run_on(a, [&](const auto& exec) {
      ordo::split(exec, a.view<T>(), f.view<std::uint8_t>(), n_buckets, out.view<T>(), offsets.view<std::uint64_t>(),
                  ordo::split_options{true});
    });
  });
  return py::make_tuple(out.obj, offsets.obj);
}

py::object merge_py(const py::object& a_, const py::object& b_, bool descending) {
  const array a = get_array(a_, "merge", "a"), b = get_array(b_, "merge", "b");
  same_device(a, b, "merge");
  if (a.kind != b.kind)
    throw py::type_error(std::string("ordo.merge: a and b must have one dtype, got ") + dtype_name(a.kind) + " and " +
                         dtype_name(b.kind));
  result out = empty_like(a, a.n + b.n, a.kind);
  visit_key(a.kind, [&]<class K>() {
    run_on(a, [&](const auto& exec) {
      if (descending) ordo::merge(exec, a.view<K>(), b.view<K>(), out.view<K>(), ordo::greater{});
      else ordo::merge(exec, a.view<K>(), b.view<K>(), out.view<K>(), ordo::less{});
    });
  });
  return out.obj;
}

// The total of fork's counts, checked: no negative count, and no total past
// 2^64 - 1 (fork_total_and_wait sums in 64 bits and raises on overflow).
template <class C>
std::uint64_t fork_total(const array& c) {
  using U = std::make_unsigned_t<C>;
  if constexpr (std::is_signed_v<C>) {
    const C lo = run_on(c, [&](const auto& exec) { return ordo::reduce_and_wait(exec, c.view<C>(), ordo::minimum{}); });
    if (c.n && lo < 0) throw py::value_error("ordo.fork: counts has a negative entry (" + std::to_string(lo) + ")");
  }
  const std::span<const U> u(static_cast<const U*>(c.data), c.n);
  return run_on(c, [&](const auto& exec) { return ordo::fork_total_and_wait(exec, u); });
}

py::tuple fork_py(const py::object& counts, const std::string& variant) {
  const array c = get_integer_array(counts, "fork", "counts");
  const ordo::fork_options o{ordo::parse_fork_variant(variant.c_str())};
  return visit_index(c.kind, [&]<class C>() {
    using U = std::make_unsigned_t<C>;
    const std::uint64_t total = fork_total<C>(c);
    result parent = empty_like(c, total, kind_of<std::int64_t>()), sibling = empty_like(c, total, kind_of<std::int64_t>());
    run_on(c, [&](const auto& exec) {
      ordo::fork(exec, std::span<const U>(static_cast<const U*>(c.data), c.n), parent.view<std::uint64_t>(),
                 sibling.view<std::uint64_t>(), o);
    });
    return py::make_tuple(parent.obj, sibling.obj);
  });
}

}  // namespace

void add_primitives(py::module_& m) {
  const char* sort_idx_doc = R"doc(The stable sorting permutation of x (numpy.argsort(x, kind="stable")).

Ascending puts NaN last; descending=True puts the largest first and NaN first,
equal keys keeping their input order. variant: "auto", "merge_path",
"binary_search" (the BSGP paper's Listing 2) or "sample_sort" (GPU, 32-bit
integer keys; auto picks it from 2^22 keys). Returns int64 indices, an array
of x's kind (numpy, CuPy or torch).)doc";
  m.def("sort_idx", &sort_idx_py, py::arg("x"), py::arg("descending") = false, py::arg("variant") = "auto",
        sort_idx_doc);
  m.def("argsort", &sort_idx_py, py::arg("x"), py::arg("descending") = false, py::arg("variant") = "auto",
        sort_idx_doc);
  m.def("scan", &scan_py, py::arg("x"), py::arg("op") = "plus", py::arg("exclusive") = false, py::arg("dtype") = py::none(),
        R"doc(Prefix of x with op in {"plus", "min", "max", "fmin", "fmax"}, as
np.cumsum, np.minimum.accumulate, np.maximum.accumulate, np.fmin.accumulate,
np.fmax.accumulate: "min"/"max" propagate NaN, "fmin"/"fmax" skip it (a prefix
of NaNs only stays NaN). exclusive=True shifts by one and starts from the
identity (0, +inf / +max, -inf / -max, NaN for fmin/fmax on floats).
dtype: the accumulator and result type (numpy's dtype=); by default numpy's:
a sum of int32 (or bool, int8, int16) is int64, of uint32 (uint8, uint16)
uint64, floats stay; min and max keep x's dtype. With dtype equal to x's, an
integer sum wraps as numpy's does. Returns an array of x's kind.)doc");
  m.def("reduce", &reduce_py, py::arg("x"), py::arg("op") = "plus", py::arg("dtype") = py::none(),
        R"doc(Reduce x with op in {"plus", "min", "max", "fmin", "fmax"}, as np.sum,
np.max (NaN propagates), np.nanmax (NaN skipped, NaN when all are) and so on;
dtype as for scan (int32 sums in int64 by default). An empty x gives 0 for
plus and raises ValueError for the others, as numpy does. Returns a Python
number (for a GPU array this waits for the array's stream).)doc");
  m.def("compact", &compact_py, py::arg("x"), py::arg("flags"),
        R"doc(x[flags]: the elements whose flag is nonzero, in order. flags: bool or
uint8, same length and device as x. Returns an array of x's kind.)doc");
  m.def("split", &split_py, py::arg("x"), py::arg("flags"), py::arg("n_buckets") = 0,
        R"doc(Stable partition. With n_buckets=0: the elements whose flag is 0, then the
others; returns (out, number_of_zeros). With n_buckets=B (<= 256): flags are
bucket numbers < B (uint8) and the result is (out, offsets), bucket b's
elements at out[offsets[b]:offsets[b+1]]; a bucket >= B raises ordo.Error.)doc");
  m.def("merge", &merge_py, py::arg("a"), py::arg("b"), py::arg("descending") = false,
        R"doc(Merge two sorted arrays of one dtype; on ties a's elements come first.)doc");
  m.def("fork", &fork_py, py::arg("counts"), py::arg("variant") = "auto",
        R"doc(Parent i asks for counts[i] children. Returns (parent, sibling), int64
arrays of sum(counts): child c belongs to parent[c] and is its sibling[c]-th child.
variant: "auto", "load_balanced" or "doubling" (the BSGP paper's Listing 1).)doc");
}

}  // namespace ordo_py
