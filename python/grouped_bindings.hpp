// ordo.rank's grouped and n-D forms (grouped_bindings.cpp), which
// rank_bindings.cpp hands over to when rank() gets groups=, segments= or an
// array that is not 1-D.
#pragma once
#include <pybind11/pybind11.h>

#include "ordo/rank.hpp"

namespace ordo_py {
namespace py = pybind11;

// Whether rank(x, ...) is one for grouped_rank_py.
bool is_grouped_rank(const py::object& x, const py::object& groups, const py::object& segments, const py::object& axis);
py::object grouped_rank_py(const py::object& x, const py::object& groups, const py::object& segments,
                           const py::object& axis, const ordo::rank_options& o);

void add_grouped(py::module_& m);  // registered from ordo_module.cpp

}  // namespace ordo_py
