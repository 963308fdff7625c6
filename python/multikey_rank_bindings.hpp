// ordo.rank's form over several key columns (multikey_rank_bindings.cpp),
// which rank_bindings.cpp hands over to when x is a list or tuple of arrays.
#pragma once
#include <pybind11/pybind11.h>

#include "ordo/rank.hpp"

namespace ordo_py {
namespace py = pybind11;

// Whether rank(x, ...) is over key columns: x is a non-empty list or tuple
// of arrays (a list of numbers stays the TypeError of a non-array x).
bool is_column_list(const py::object& x);
// The ranks (float64) of the rows of `columns` (1 to 8 1-D arrays of one
// length, the first primary); ascending: a bool or one bool per column.
py::object rank_columns_py(const py::sequence& columns, const py::object& ascending, ordo::rank_options o);

}  // namespace ordo_py
