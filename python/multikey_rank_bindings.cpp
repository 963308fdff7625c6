// ordo.rank over several key columns: rank([a, b, ...]) with the first
// column primary (pandas sort_values(by=[...])'s order, not numpy.lexsort's),
// ascending= one bool or one per column.
#include "multikey_rank_bindings.hpp"

#include <string>
#include <vector>

#include "array_helpers.hpp"
#include "ordo/multikey_rank.hpp"

namespace ordo_py {
namespace {

// Column i's direction: ascending is a bool or a sequence of one bool per column.
std::vector<bool> ascending_per_column(const py::object& ascending, std::size_t count) {
  if (py::isinstance<py::bool_>(ascending) || py::isinstance(ascending, py::module_::import("numpy").attr("bool_")))
    return std::vector<bool>(count, ascending.cast<bool>());
  if (!py::isinstance<py::sequence>(ascending) || py::isinstance<py::str>(ascending))
    throw py::type_error("ordo.rank: ascending must be a bool or one bool per column, got " +
                         std::string(py::repr(ascending)));
  std::vector<bool> out;
  for (py::handle h : ascending) {
    if (!py::isinstance<py::bool_>(h) && !py::isinstance(h, py::module_::import("numpy").attr("bool_")))
      throw py::type_error("ordo.rank: ascending must be a bool or one bool per column, got " +
                           std::string(py::repr(ascending)));
    out.push_back(h.cast<bool>());
  }
  if (out.size() != count)
    throw py::value_error("ordo.rank: ascending has " + std::to_string(out.size()) + " entries for " +
                          std::to_string(count) + " columns");
  return out;
}

}  // namespace

bool is_column_list(const py::object& x) {
  if (!py::isinstance<py::list>(x) && !py::isinstance<py::tuple>(x)) return false;
  const py::sequence s = py::reinterpret_borrow<py::sequence>(x);
  if (py::len(s) == 0) return false;
  const py::object first = s[0];
  return !py::isinstance<py::bool_>(first) && !py::isinstance<py::int_>(first) && !py::isinstance<py::float_>(first) &&
         !py::isinstance(first, py::module_::import("numpy").attr("generic"));
}

py::object rank_columns_py(const py::sequence& columns, const py::object& ascending, ordo::rank_options o) {
  const std::size_t m = py::len(columns);
  if (m == 0 || m > ordo::max_sort_keys)
    throw py::value_error("ordo.rank: takes 1 to " + std::to_string(ordo::max_sort_keys) + " key columns, got " +
                          std::to_string(m));
  const std::vector<bool> asc = ascending_per_column(ascending, m);
  std::vector<array> cols;
  for (std::size_t i = 0; i < m; ++i) {
    cols.push_back(get_array(columns[i], "rank", "a key column"));
    same_device(cols[0], cols.back(), "rank");
    if (cols.back().n != cols[0].n)
      throw py::value_error("ordo.rank: column " + std::to_string(i) + " has " + std::to_string(cols.back().n) +
                            " values, column 0 has " + std::to_string(cols[0].n) + "; every column must have the same "
                            "length");
  }
  std::vector<ordo::sort_key> keys;
  for (std::size_t i = 0; i < m; ++i)
    visit_wide_key(cols[i].kind, "rank", "a key column", [&]<class Key>() {
      keys.push_back(ordo::make_sort_key(cols[i].view<Key>(), !asc[i]));
    });
  o.ascending = true;  // the directions are the columns'
  result r = empty_like(cols[0], cols[0].n, kind_of<double>());
  run_on(cols[0], [&](const auto& exec) { ordo::rank(exec, std::span<const ordo::sort_key>(keys), r.view<double>(), o); });
  return r.obj;
}

}  // namespace ordo_py
