// The Python module `ordo`: every capability on 1-D numpy arrays (run on
// ordo::cpu{}, every core, with the GIL released) and on GPU arrays that
// expose __cuda_array_interface__ (CuPy, PyTorch: run on ordo::cuda{} on the
// array's stream, zero copy). Results are the same kind of array.
//
// Errors: TypeError for what is not a supported array or dtype, ValueError for
// everything else, ordo::error included (as ordo.Error, a subclass of
// ValueError). See docs/python.md.
#include <pybind11/pybind11.h>

#include "array_helpers.hpp"
#include "dlpack_bridge.hpp"
#include "grouped_bindings.hpp"
#include "sigint_watch.hpp"
#include "ordo/error.hpp"
#include "ordo/execution.hpp"

namespace py = pybind11;

// The compiled part of the `ordo` package (python/ordo/): imported as ordo._ordo,
// re-exported by python/ordo/__init__.py.
PYBIND11_MODULE(_ordo, m) {
  m.doc() = std::string(
      "ordo: parallel ranking and sorting primitives on numpy arrays (CPU, every core)\n"
      "and GPU arrays (CuPy, torch: __cuda_array_interface__, zero copy).\n\n"
      "rank(x, ...)               pandas Series.rank / scipy.stats.rankdata semantics\n"
      "rank_sorted(x, ...)        ranks of an already sorted array (min/max/dense/ordinal/average)\n"
      "list_rank(succ)            each node's distance from the head of its linked list\n"
      "list_scan(succ, v)         prefix of v along each linked list (plus, min or max)\n"
      "radius(x)                  how far from sorted x is\n"
      "sort(x) / rough_sort(x, k) the adaptive sort / Roughsort for a known radius\n"
      "segmented_sort(keys, offsets[, values])\n") +
      "argsort / sort_idx, scan, reduce, compact, split, merge, fork: the BSGP primitives\n\n"
      "Keys: 1-D arrays of " + ordo_py::supported_keys() + ".\n"
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

  ordo_py::remember_main_thread();
  m.def("cuda_available", &ordo::cuda_available,
        "True when this ordo was built with CUDA and sees a GPU (GPU arrays are then accepted).");
  ordo_py::add_rank(m);
  ordo_py::add_lists(m);
  ordo_py::add_primitives(m);
  ordo_py::add_sorts(m);
  ordo_py::add_grouped(m);
  ordo_py::add_device_array(m);
}
