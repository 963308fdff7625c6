// The BSGP primitives (seed 001) on numpy or GPU arrays: sort_idx / argsort,
// scan, reduce, compact, split, merge and fork.
#include <cstdint>
#include <limits>
#include <string>

#include "array_helpers.hpp"
#include "ordo/primitives.hpp"

namespace ordo_py {
namespace {

py::object sort_idx_py(const py::object& x, bool descending, const std::string& variant) {
  const ordo::sort_idx_options o{ordo::parse_sort_idx_variant(variant.c_str())};
  const array a = get_array(x, "sort_idx");
  result perm = empty_like(a, a.n, key_kind::i64);
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
  if (op != "plus" && op != "min" && op != "max")
    throw py::value_error(std::string("ordo.") + fn + ": op must be 'plus', 'min' or 'max', got '" + op + "'");
}

// f(functor) with the operator `op` names.
template <class F>
void with_op(const std::string& op, F&& f) {
  if (op == "plus") f(ordo::plus{});
  else if (op == "min") f(ordo::minimum{});
  else f(ordo::maximum{});
}

py::object scan_py(const py::object& x, const std::string& op, bool exclusive) {
  check_op(op, "scan");
  const ordo::scan_options o{exclusive ? ordo::scan_kind::exclusive : ordo::scan_kind::inclusive};
  const array a = get_array(x, "scan");
  result out = empty_like(a, a.n, a.kind);
  visit_key(a.kind, [&]<class T>() {
    with_op(op, [&](auto fn) { run_on(a, [&](const auto& exec) { ordo::scan(exec, a.view<T>(), out.view<T>(), fn, o); }); });
  });
  return out.obj;
}

py::object reduce_py(const py::object& x, const std::string& op) {
  check_op(op, "reduce");
  const array a = get_array(x, "reduce");
  return visit_key(a.kind, [&]<class T>() -> py::object {
    T v{};
    with_op(op, [&](auto fn) { v = run_on(a, [&](const auto& exec) { return ordo::reduce_and_wait(exec, a.view<T>(), fn); }); });
    return py::cast(v);
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
  result count = empty_like(a, 1, key_kind::u64);
  visit_key(a.kind, [&]<class T>() {
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
    result zeros = empty_like(a, 1, key_kind::u64);
    visit_key(a.kind, [&]<class T>() {
      run_on(a, [&](const auto& exec) {
        ordo::split(exec, a.view<T>(), f.view<std::uint8_t>(), out.view<T>(), zeros.view<std::uint64_t>());
      });
    });
    return py::make_tuple(out.obj, read_u64(a, zeros));
  }
  if (n_buckets > 256) throw py::value_error("ordo.split: n_buckets must be at most 256, got " + std::to_string(n_buckets));
  result offsets = empty_like(a, n_buckets + 1, key_kind::u64);
  visit_key(a.kind, [&]<class T>() {
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

// The total of fork's counts, checked: no negative count, and on the GPU no
// 32-bit overflow of the sum (the reduction runs in the counts' type).
template <class C>
std::uint64_t fork_total(const array& c) {
  using U = std::make_unsigned_t<C>;
  if constexpr (std::is_signed_v<C>) {
    const C lo = run_on(c, [&](const auto& exec) { return ordo::reduce_and_wait(exec, c.view<C>(), ordo::minimum{}); });
    if (c.n && lo < 0) throw py::value_error("ordo.fork: counts has a negative entry (" + std::to_string(lo) + ")");
  }
  const std::span<const U> u(static_cast<const U*>(c.data), c.n);
  if (!c.gpu) {
    std::uint64_t total = 0;
    for (U v : u) total += v;
    return total;
  }
  if constexpr (sizeof(U) == 4) {
    const U hi = run_on(c, [&](const auto& exec) { return ordo::reduce_and_wait(exec, u, ordo::maximum{}); });
    if (std::uint64_t(hi) * c.n > std::numeric_limits<U>::max())
      throw py::value_error("ordo.fork: the total of 32-bit GPU counts may not fit in 32 bits; pass int64 counts");
  }
  return run_on(c, [&](const auto& exec) { return std::uint64_t(ordo::reduce_and_wait(exec, u, ordo::plus{})); });
}

py::tuple fork_py(const py::object& counts, const std::string& variant) {
  const array c = get_integer_array(counts, "fork", "counts");
  const ordo::fork_options o{ordo::parse_fork_variant(variant.c_str())};
  return visit_index(c.kind, [&]<class C>() {
    using U = std::make_unsigned_t<C>;
    const std::uint64_t total = fork_total<C>(c);
    result parent = empty_like(c, total, key_kind::i64), sibling = empty_like(c, total, key_kind::i64);
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
  m.def("scan", &scan_py, py::arg("x"), py::arg("op") = "plus", py::arg("exclusive") = false,
        R"doc(Prefix of x with op in {"plus", "min", "max"}; exclusive=True starts from
the identity (0, +max, -max). Returns an array of x's kind and dtype.)doc");
  m.def("reduce", &reduce_py, py::arg("x"), py::arg("op") = "plus",
        R"doc(Reduce x with op in {"plus", "min", "max"}; returns a Python number
(for a GPU array this waits for the array's stream).)doc");
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
