// ordo.sort_idx, ordo.scan, ordo.merge and ordo.fork on 1-D numpy arrays
// (CPU, every core, the GIL released). See docs/python.md.
#include <cstdint>
#include <span>
#include <string>

#include "array_helpers.hpp"
#include "ordo/primitives.hpp"

namespace ordo_py {
namespace {

py::array sort_idx_py(const py::object& x, bool descending, const std::string& variant) {
  const ordo::sort_idx_options o{ordo::parse_sort_idx_variant(variant.c_str())};
  return visit_key(check_keys(x, "sort_idx"), [&]<class Key>() -> py::array {
    auto keys = contiguous<Key>(x);
    const auto n = static_cast<std::size_t>(keys.shape(0));
    py::array_t<std::int64_t> perm(static_cast<py::ssize_t>(n));
    std::span<const Key> k(keys.data(), n);
    std::span<std::uint64_t> p(reinterpret_cast<std::uint64_t*>(perm.mutable_data()), n);
    py::gil_scoped_release nogil;
    if (descending) ordo::sort_idx(ordo::cpu{}, k, p, std::span<Key>(), ordo::greater{}, o);
    else ordo::sort_idx(ordo::cpu{}, k, p, std::span<Key>(), ordo::less{}, o);
    return perm;
  });
}

py::array scan_py(const py::object& x, const std::string& op, bool exclusive) {
  if (op != "plus" && op != "min" && op != "max")
    throw py::value_error("ordo.scan: op must be 'plus', 'min' or 'max', got '" + op + "'");
  const ordo::scan_options o{exclusive ? ordo::scan_kind::exclusive : ordo::scan_kind::inclusive};
  return visit_key(check_keys(x, "scan"), [&]<class T>() -> py::array {
    auto v = contiguous<T>(x);
    const auto n = static_cast<std::size_t>(v.shape(0));
    py::array_t<T> out(static_cast<py::ssize_t>(n));
    std::span<const T> in(v.data(), n);
    std::span<T> o_(out.mutable_data(), n);
    py::gil_scoped_release nogil;
    if (op == "plus") ordo::scan(ordo::cpu{}, in, o_, ordo::plus{}, o);
    else if (op == "min") ordo::scan(ordo::cpu{}, in, o_, ordo::minimum{}, o);
    else ordo::scan(ordo::cpu{}, in, o_, ordo::maximum{}, o);
    return out;
  });
}

py::array merge_py(const py::object& a, const py::object& b, bool descending) {
  const key_kind ka = check_keys(a, "merge"), kb = check_keys(b, "merge");
  if (ka != kb)
    throw py::type_error("ordo.merge: a and b must have one dtype, got " + std::string(py::str(a.attr("dtype"))) +
                         " and " + std::string(py::str(b.attr("dtype"))));
  return visit_key(ka, [&]<class K>() -> py::array {
    auto x = contiguous<K>(a), y = contiguous<K>(b);
    const auto na = static_cast<std::size_t>(x.shape(0)), nb = static_cast<std::size_t>(y.shape(0));
    py::array_t<K> out(static_cast<py::ssize_t>(na + nb));
    std::span<const K> sa(x.data(), na), sb(y.data(), nb);
    std::span<K> so(out.mutable_data(), na + nb);
    py::gil_scoped_release nogil;
    if (descending) ordo::merge(ordo::cpu{}, sa, sb, so, ordo::greater{});
    else ordo::merge(ordo::cpu{}, sa, sb, so, ordo::less{});
    return out;
  });
}

py::tuple fork_py(const py::object& counts, const std::string& variant) {
  const key_kind k = check_keys(counts, "fork");
  if (k == key_kind::f32 || k == key_kind::f64)
    throw py::type_error("ordo.fork: counts must be integers, got " + std::string(py::str(counts.attr("dtype"))));
  auto c = contiguous<std::uint64_t>(counts);  // a copy for 32-bit or signed counts
  const auto np = static_cast<std::size_t>(c.shape(0));
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < np; ++i) {
    if (k == key_kind::i32 || k == key_kind::i64) {
      if (static_cast<std::int64_t>(c.data()[i]) < 0)
        throw py::value_error("ordo.fork: counts[" + std::to_string(i) + "] is negative");
    }
    total += c.data()[i];
  }
  py::array_t<std::int64_t> parent(static_cast<py::ssize_t>(total)), sibling(static_cast<py::ssize_t>(total));
  std::span<const std::uint64_t> sc(c.data(), np);
  std::span<std::uint64_t> sp(reinterpret_cast<std::uint64_t*>(parent.mutable_data()), total);
  std::span<std::uint64_t> ss(reinterpret_cast<std::uint64_t*>(sibling.mutable_data()), total);
  const ordo::fork_options o{ordo::parse_fork_variant(variant.c_str())};
  {
    py::gil_scoped_release nogil;
    ordo::fork(ordo::cpu{}, sc, sp, ss, o);
  }
  return py::make_tuple(parent, sibling);
}

}  // namespace

void add_primitives(py::module_& m) {
  m.def("sort_idx", &sort_idx_py, py::arg("x"), py::arg("descending") = false, py::arg("variant") = "auto",
        R"doc(The stable sorting permutation of x (numpy.argsort(x, kind="stable")).

Ascending puts NaN last; descending=True puts the largest first and NaN first,
equal keys keeping their input order. variant: "auto", "merge_path" or
"binary_search" (the BSGP paper's Listing 2). Returns int64 indices.)doc");
  m.def("scan", &scan_py, py::arg("x"), py::arg("op") = "plus", py::arg("exclusive") = false,
        R"doc(Prefix of x with op in {"plus", "min", "max"}; exclusive=True starts from
the identity (0, +max, -max). Returns an array of x's dtype.)doc");
  m.def("merge", &merge_py, py::arg("a"), py::arg("b"), py::arg("descending") = false,
        R"doc(Merge two sorted arrays of one dtype; on ties a's elements come first.)doc");
  m.def("fork", &fork_py, py::arg("counts"), py::arg("variant") = "auto",
        R"doc(Parent i asks for counts[i] children. Returns (parent, sibling), int64
arrays of sum(counts): child c belongs to parent[c] and is its sibling[c]-th child.
variant: "auto", "load_balanced" or "doubling" (the BSGP paper's Listing 1).)doc");
}

}  // namespace ordo_py
