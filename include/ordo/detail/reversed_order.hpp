// A comparator with its arguments swapped: descending order from an
// ascending one, for the CPU backends.
#pragma once
#include "ordo/ops.hpp"

namespace ordo::detail {

template <class Compare>
struct reversed_order {
  Compare comp;
  template <class A, class B>
  ORDO_OP_HD constexpr bool operator()(const A& a, const B& b) const { return comp(b, a); }
};

}  // namespace ordo::detail
