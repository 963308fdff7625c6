// Associative operators for ordo's scans (list_scan today; the primitives
// later). Each has an identity, which the parallel algorithms need to start a
// partial prefix. They are plain structs so the same object works on the host
// and, compiled by nvcc, on the device.
#pragma once
#include <limits>
#include <type_traits>

#if defined(__CUDACC__)
#define ORDO_OP_HD __host__ __device__
#else
#define ORDO_OP_HD
#endif

namespace ordo {

struct plus {
  template <class T>
  ORDO_OP_HD constexpr T operator()(const T& a, const T& b) const { return a + b; }
  template <class T>
  ORDO_OP_HD static constexpr T identity() { return T(0); }
};

// min and max keep the left operand on ties and are not NaN-aware: a NaN
// value gives an unspecified (but in-range) result, as std::min would.
struct minimum {
  template <class T>
  ORDO_OP_HD constexpr T operator()(const T& a, const T& b) const { return b < a ? b : a; }
  template <class T>
  ORDO_OP_HD static constexpr T identity() {
    if constexpr (std::numeric_limits<T>::has_infinity) return std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::max();
  }
};

struct maximum {
  template <class T>
  ORDO_OP_HD constexpr T operator()(const T& a, const T& b) const { return a < b ? b : a; }
  template <class T>
  ORDO_OP_HD static constexpr T identity() {
    if constexpr (std::numeric_limits<T>::has_infinity) return -std::numeric_limits<T>::infinity();
    else return std::numeric_limits<T>::lowest();
  }
};

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

const char* op_name(plus) noexcept;
const char* op_name(minimum) noexcept;
const char* op_name(maximum) noexcept;

}  // namespace ordo
