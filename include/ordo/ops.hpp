// Associative operators for ordo's scans and reductions (the primitives and
// list_scan). Each has an identity, which the parallel algorithms need to
// start a partial prefix. They are plain structs so the same object works on
// the host and, compiled by nvcc, on the device.
//
// NaN follows numpy:
//   minimum, maximum  propagate NaN (np.minimum, np.maximum, np.max): once a
//                     NaN is in a prefix, the prefix is NaN (the first NaN).
//   fmin, fmax        ignore NaN (np.fmin, np.fmax, np.nanmax): the result is
//                     NaN only when every operand is NaN, so an all-NaN prefix
//                     stays NaN, as np.fmax.accumulate gives. Their identity is
//                     NaN for floating point (fmax(NaN, x) == x for every x).
// All four keep the left operand when the operands compare equal (so -0.0 vs
// +0.0 keeps the earlier one; numpy leaves the sign of such a zero to the
// platform). On integers fmin/fmax are minimum/maximum. Each is associative
// on every value, NaN and infinities included, which the parallel scans need.
#pragma once
#include <cstdint>
#include <limits>
#include <type_traits>

#include "ordo/detail/host_device.hpp"

namespace ordo {

namespace detail {
template <class T>
inline constexpr bool has_nan_v = std::numeric_limits<T>::has_quiet_NaN;
template <class T>
ORDO_OP_HD constexpr bool is_nan(const T& x) {
  if constexpr (has_nan_v<T>) return x != x;
  else return false;
}
}  // namespace detail

// Integer plus wraps modulo 2^bits (two's complement for signed types, done in
// the unsigned type so it is defined behaviour), as numpy's cumsum/sum do with
// dtype= the same type. Pass a wider output type to avoid it (primitives.hpp).
struct plus {
  template <class T>
  ORDO_OP_HD constexpr T operator()(const T& a, const T& b) const {
    if constexpr (std::is_integral_v<T> && std::is_signed_v<T>)
      return T(std::make_unsigned_t<T>(a) + std::make_unsigned_t<T>(b));
    else return a + b;
  }
  template <class T>
  ORDO_OP_HD static constexpr T identity() { return T(0); }
};

namespace detail {
// The four extremes: `Max` picks the larger operand (else the smaller),
// `PropagateNaN` returns a NaN operand (np.maximum; the left one when both
// are) where otherwise (np.fmax) the other operand is returned.
template <bool Max, bool PropagateNaN>
struct extreme {
  // Two selects, no branch: a comparison with NaN is false, so !(b <= a) is
  // "a < b, or either is NaN" (a NaN a is caught first). In a scan's chain of
  // dependent ops the branchy form (a NaN test, a NaN test, a compare) cost
  // a 2^28 float64 segmented max scan 1.7x the copy floor on an H100.
  template <class T>
  ORDO_OP_HD constexpr T operator()(const T& a, const T& b) const {
    if constexpr (PropagateNaN) {
      if constexpr (Max) return is_nan(a) ? a : (!(b <= a) ? b : a);
      else return is_nan(a) ? a : (!(a <= b) ? b : a);
    } else {
      if constexpr (Max) return is_nan(b) ? a : (!(a >= b) ? b : a);
      else return is_nan(b) ? a : (!(b >= a) ? b : a);
    }
  }
  // +-infinity or the type's extreme value; NaN for the NaN-ignoring ones
  // (fmax(NaN, x) == x for every x).
  template <class T>
  ORDO_OP_HD static constexpr T identity() {
    using lim = std::numeric_limits<T>;
    if constexpr (!PropagateNaN && has_nan_v<T>) return lim::quiet_NaN();
    else if constexpr (Max) {
      if constexpr (lim::has_infinity) return -lim::infinity();
      else return lim::lowest();
    } else {
      if constexpr (lim::has_infinity) return lim::infinity();
      else return lim::max();
    }
  }
};
}  // namespace detail

struct minimum : detail::extreme<false, true> {};  // NaN-propagating minimum (np.minimum)
struct maximum : detail::extreme<true, true> {};   // NaN-propagating maximum (np.maximum)
struct fmin : detail::extreme<false, false> {};    // NaN-ignoring minimum (np.fmin)
struct fmax : detail::extreme<true, false> {};     // NaN-ignoring maximum (np.fmax)

// Comparators for sort_idx and merge: a strict weak order on every key type.
// Floating point: NaN sorts after every number (last ascending, first
// descending, as a stable sort with NaNs treated as the largest value would),
// and -0.0 ties +0.0.
struct less {
  template <class T>
  ORDO_OP_HD constexpr bool operator()(const T& a, const T& b) const {
    if constexpr (std::is_floating_point_v<T>) return a < b || (b != b && a == a);
    else return a < b;
  }
};
struct greater {
  template <class T>
  ORDO_OP_HD constexpr bool operator()(const T& a, const T& b) const { return less{}(b, a); }
};

// numpy's accumulator for a sum (np.cumsum / np.sum without dtype=): bool and
// signed integers narrower than 64 bits sum in int64, unsigned ones in uint64,
// everything else in its own type. The Python module and the CLI default to
// it; C++ callers choose by the type of the output span.
template <class T>
using sum_accumulator_t =
    std::conditional_t<std::is_same_v<T, bool>, std::int64_t,
                       std::conditional_t<std::is_integral_v<T> && (sizeof(T) < 8),
                                          std::conditional_t<std::is_signed_v<T>, std::int64_t, std::uint64_t>, T>>;

const char* op_name(plus) noexcept;
const char* op_name(minimum) noexcept;
const char* op_name(maximum) noexcept;
const char* op_name(fmin) noexcept;
const char* op_name(fmax) noexcept;

}  // namespace ordo
