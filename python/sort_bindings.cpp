// ordo.radius, ordo.sort, ordo.rough_sort (seed 002) and ordo.segmented_sort
// (seed 004) on numpy or GPU arrays. Values of any 4- or 8-byte dtype travel
// as their bit patterns (uint32 / uint64 words): a sort only moves them.
#include <cstdint>
#include <optional>
#include <string>

#include "array_helpers.hpp"
#include "dlpack_bridge.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/rough_sort.hpp"
#include "ordo/segmented_sort.hpp"

namespace ordo_py {
namespace {

ordo::sort_order order_of(bool descending) {
  return descending ? ordo::sort_order::descending : ordo::sort_order::ascending;
}

// The optional values argument: same length and device as the keys.
std::optional<array> values_for(const array& keys, const py::object& values, const char* fn) {
  if (values.is_none()) return std::nullopt;
  array v = get_array(values, fn, "values");
  same_device(keys, v, fn);
  if (element_size(v.kind) != 4 && element_size(v.kind) != 8)
    throw py::type_error(std::string("ordo.") + fn + ": values must have a 4- or 8-byte dtype (they travel as words), got " +
                         dtype_name(v.kind));
  if (v.n != keys.n)
    throw py::value_error(std::string("ordo.") + fn + ": keys has " + std::to_string(keys.n) +
                          " elements but values has " + std::to_string(v.n));
  return v;
}

// f.template operator()<Word>() for the values' word type.
template <class F>
void visit_word(const array& v, F&& f) {
  if (element_size(v.kind) == 4) f.template operator()<std::uint32_t>();
  else f.template operator()<std::uint64_t>();
}

// keys_out, or (keys_out, values_out) when there are values.
py::object keys_and_values(const result& k, const std::optional<result>& v) {
  if (!v) return k.obj;
  return py::make_tuple(k.obj, v->obj);
}

std::uint64_t radius_py(const py::object& x, bool descending) {
  const array a = get_array(x, "radius");
  const ordo::radius_options o{order_of(descending)};
  return visit_key(a.kind, [&]<class Key>() {
    return run_on(a, [&](const auto& exec) { return ordo::radius(exec, a.view<Key>(), o); });
  });
}

// Runs one sort out of place: keys-only or with values as words.
template <class Call>
py::object sort_with(const array& a, const std::optional<array>& v, Call&& call) {
  result out = empty_like(a, a.n, a.kind);
  std::optional<result> vout;
  if (v) vout = empty_like(*v, v->n, v->kind);
  visit_key(a.kind, [&]<class Key>() {
    if (!v) {
      run_on(a, [&](const auto& exec) { call(exec, a.view<Key>(), out.view<Key>()); });
      return;
    }
    visit_word(*v, [&]<class Word>() {
      run_on(a, [&](const auto& exec) {
        call(exec, a.view<Key>(), out.view<Key>(), v->view<Word>(), vout->view<Word>());
      });
    });
  });
  return keys_and_values(out, vout);
}

py::object sort_py(const py::object& x, const py::object& values, bool descending, const std::string& variant,
                   std::uint64_t max_rough_radius) {
  const array a = get_array(x, "sort");
  const auto v = values_for(a, values, "sort");
  ordo::sort_options o;
  o.order = order_of(descending);
  o.variant = ordo::parse_sort_variant(variant.c_str());
  o.max_rough_radius = max_rough_radius;
  return sort_with(a, v, [&](const auto& exec, auto... spans) { ordo::sort_copy(exec, spans..., o); });
}

py::object rough_sort_py(const py::object& x, std::uint64_t k, const py::object& values, bool descending,
                         const std::string& variant, const std::string& on_wrong_k) {
  const array a = get_array(x, "rough_sort");
  const auto v = values_for(a, values, "rough_sort");
  ordo::rough_sort_options o;
  o.order = order_of(descending);
  o.variant = ordo::parse_rough_sort_variant(variant.c_str());
  if (on_wrong_k == "fallback") o.on_wrong_k = ordo::wrong_radius::fallback;
  else if (on_wrong_k == "raise") o.on_wrong_k = ordo::wrong_radius::raise;
  else throw py::value_error("ordo.rough_sort: on_wrong_k must be 'fallback' or 'raise', got '" + on_wrong_k + "'");
  return sort_with(a, v, [&](const auto& exec, auto in, auto out, auto... vs) {
    ordo::rough_sort_copy(exec, in, out, vs..., k, o);
  });
}

// ---- segmented_sort ----------------------------------------------------------

// A copy of `a` as the same kind of array (the output for segments with gaps,
// whose uncovered elements are not written).
result copy_of(const array& a) {
  result r;
  r.n = a.n;
  if (!a.gpu) {
    py::array c = py::array(a.host).attr("copy")();
    r.data = c.mutable_data();
    r.obj = std::move(c);
    return r;
  }
  if (a.dlpack) {
    r = device_result(a, a.n, a.kind);
    ordo::detail::copy_on_device(r.data, a.data, a.n * element_size(a.kind), a.stream);
    return r;
  }
  std::string mod = py::str(py::type::handle_of(a.source).attr("__module__"));
  r.obj = mod.rfind("torch", 0) == 0 ? a.source.attr("clone")() : py::module_::import("cupy").attr("array")(a.source);
  py::dict cai = r.obj.attr("__cuda_array_interface__");
  r.data = reinterpret_cast<void*>(py::tuple(cai["data"])[0].cast<std::uintptr_t>());
  return r;
}

// Whether offsets [o0, ..., on] cover all n keys (o0 == 0 and on == n): two
// values read back for a GPU array.
template <class Offset>
bool offsets_cover(const array& offs, std::size_t n) {
  if (offs.n == 0) return n == 0;
  Offset ends[2];
  if (offs.gpu) {
    py::gil_scoped_release nogil;
    const Offset* p = static_cast<const Offset*>(offs.data);
    ordo::detail::copy_to_host_after(&ends[0], p, sizeof(Offset), offs.stream);
    ordo::detail::copy_to_host_after(&ends[1], p + offs.n - 1, sizeof(Offset), offs.stream);
  } else {
    ends[0] = offs.view<Offset>()[0];
    ends[1] = offs.view<Offset>()[offs.n - 1];
  }
  return ends[0] == 0 && static_cast<std::uint64_t>(ends[1]) == n;
}

py::object segmented_sort_py(const py::object& keys, const py::object& offsets, const py::object& values,
                             bool descending, bool stable, const py::object& ends) {
  const array a = get_array(keys, "segmented_sort", "keys");
  const auto v = values_for(a, values, "segmented_sort");
  ordo::segmented_sort_options o;
  o.order = order_of(descending);
  o.stable = stable;

  // offsets: an integer (a fixed segment length), or an integer array (with
  // ends: the segments' begins).
  if (py::isinstance<py::bool_>(offsets))  // (a bool is an int to Python: True would be length 1)
    throw py::type_error("ordo.segmented_sort: offsets must be an integer array or an int segment length, not bool");
  if (py::isinstance<py::int_>(offsets)) {
    if (!ends.is_none()) throw py::value_error("ordo.segmented_sort: ends goes with an array of begins, not a length");
    const std::string text = py::str(offsets);
    if (offsets.attr("__le__")(0).cast<bool>())
      throw py::value_error("ordo.segmented_sort: the segment length must be positive, got " + text);
    std::uint64_t len = 0;  // any length up to 2^64 - 1 (longer than n: one segment)
    try {
      len = offsets.cast<std::uint64_t>();
    } catch (const py::cast_error&) {
      throw py::value_error("ordo.segmented_sort: the segment length " + text + " does not fit in 64 bits");
    }
    const auto segs = ordo::fixed_length(len);
    return sort_with(a, v, [&](const auto& exec, auto... spans) { ordo::segmented_sort(exec, spans..., segs, o); });
  }
  const array b = get_integer_array(offsets, "segmented_sort", ends.is_none() ? "offsets" : "begins");
  same_device(a, b, "segmented_sort");
  std::optional<array> e;
  if (!ends.is_none()) {
    e = get_integer_array(ends, "segmented_sort", "ends");
    same_device(a, *e, "segmented_sort");
    if (e->kind != b.kind)
      throw py::type_error(std::string("ordo.segmented_sort: begins and ends must have one dtype, got ") +
                           dtype_name(b.kind) + " and " + dtype_name(e->kind));
    if (e->n != b.n)
      throw py::value_error("ordo.segmented_sort: " + std::to_string(b.n) + " begins but " + std::to_string(e->n) +
                            " ends");
  }
  return visit_index(b.kind, [&]<class Offset>() -> py::object {
    const auto segs = e ? ordo::by_bounds(b.view<Offset>(), e->view<Offset>()) : ordo::by_offsets(b.view<Offset>());
    if (!e && offsets_cover<Offset>(b, a.n))
      return sort_with(a, v, [&](const auto& exec, auto... spans) { ordo::segmented_sort(exec, spans..., segs, o); });
    // Gaps: start from copies, so that uncovered elements keep their values.
    result out = copy_of(a);
    std::optional<result> vout;
    if (v) vout = copy_of(*v);
    visit_key(a.kind, [&]<class Key>() {
      if (!v) {
        run_on(a, [&](const auto& exec) { ordo::segmented_sort(exec, a.view<Key>(), out.view<Key>(), segs, o); });
        return;
      }
      visit_word(*v, [&]<class Word>() {
        run_on(a, [&](const auto& exec) {
          ordo::segmented_sort(exec, a.view<Key>(), out.view<Key>(), v->view<Word>(), vout->view<Word>(), segs, o);
        });
      });
    });
    return keys_and_values(out, vout);
  });
}

}  // namespace

void add_sorts(py::module_& m) {
  m.def("radius", &radius_py, py::arg("x"), py::arg("descending") = false,
        R"doc(The radius of x: the largest j - i with x[j] < x[i] (0 when sorted).

x is k-sorted for every k >= radius(x). This is not the largest distance of a
key from its sorted place, which can be smaller ([3, 4, 1, 2] has radius 3).
descending=True measures against descending order. Returns an int; for a GPU
array this waits for its stream.)doc");
  m.def("sort", &sort_py, py::arg("x"), py::arg("values") = py::none(), py::arg("descending") = false,
        py::arg("variant") = "automatic", py::arg("max_rough_radius") = 0,
        R"doc(Sorted copy of x by the adaptive sort: it measures how sorted x is and takes
Roughsort for a small radius, a full sort otherwise. Stable: equal keys keep
their order (with values, and for floats alone: -0.0 / +0.0, NaN payloads).

values : optional array of the same length and device (any 4- or 8-byte dtype),
    permuted with the keys; then the result is (keys, values).
variant : {"automatic", "rough_sort", "radix_sort", "merge_sort"}
max_rough_radius : the largest radius Roughsort is used for; 0 takes the
    measured crossover.

NaN sorts last (first when descending). Returns an array of x's kind.)doc");
  m.def("rough_sort", &rough_sort_py, py::arg("x"), py::arg("k"), py::arg("values") = py::none(),
        py::arg("descending") = false, py::arg("variant") = "automatic", py::arg("on_wrong_k") = "fallback",
        R"doc(Sorted copy of x, which you say is k-sorted (x[i] <= x[j] whenever j - i > k,
that is radius(x) <= k). O(n log k). Stable, every variant.

A wrong k is never returned unsorted: on_wrong_k="fallback" sorts anyway,
"raise" raises ordo.Error naming the real radius.
variant : {"automatic", "runs", "halving", "bubble", "radix_runs"} ("halving" and "bubble": CPU only; "radix_runs": GPU only)
values : as in ordo.sort.)doc");
  m.def("segmented_sort", &segmented_sort_py, py::arg("keys"), py::arg("offsets"), py::arg("values") = py::none(),
        py::arg("descending") = false, py::arg("stable") = false, py::arg("ends") = py::none(),
        R"doc(Sort each segment of keys on its own.

offsets : integer array of n_segments + 1 non-decreasing offsets (segment i is
    keys[offsets[i]:offsets[i+1]]; [0] is no segments); or an int L, segments
    of L keys; or, with ends=, the segments' begins (gaps, empty segments and
    any order allowed; overlapping segments are not).
values : optional, as in ordo.sort; then the result is (keys, values).
stable : equal keys keep their order (key-value and float sorts always do,
    so -0.0 / +0.0 and NaN payloads keep theirs).

Keys that no segment covers keep their place. Bad offsets raise ordo.Error
naming the first bad segment, overlapping ones the first pair. Returns arrays
of keys' kind.)doc");
}

}  // namespace ordo_py
