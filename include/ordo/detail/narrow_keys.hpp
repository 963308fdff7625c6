// The one promotion step of the narrow keys (int8, uint8, int16, uint16, bool,
// float16, bfloat16; key_types.hpp's second list). A front door whose key
// type is narrow calls, in one place at its top,
//
//   return detail::via_carrier<detail::op::X>(exec, [&](auto... carrier_spans) {
//     X(exec, carrier_spans..., other arguments);      // the same entry point
//   }, detail::keys_in(keys), detail::keys_out(out), ...);
//
// which widens the key spans into temporaries of the carrier type
// (key_traits.hpp: int32, uint32 or float; exact), calls `fn` with spans of
// them in the order of the roles, and, once fn has returned, narrows the
// output keys back (exact: they are a permutation of widened keys). A call
// that throws leaves the output keys as they were. Roles:
//   keys_in(span<const K>)   read: widened
//   keys_out(span<K>)        written: narrowed back (not read)
//   keys_inout(span<K>)      read and written: widened, then narrowed back
//                            (also an output whose untouched elements must
//                            stay, as segmented_sort's uncovered ones)
// Outputs that are not keys (ranks, permutations, values) pass by capture.
//
// CPU: the temporaries are host arrays, converted by a parallel loop
// (libordo: src/cpu/common/narrow_keys_cpu.cpp). GPU:
// device_buffers from exec's resource on exec's stream, converted by one
// elementwise kernel each (libordo: src/cuda/common/narrow_keys.cu); nothing
// waits for the device. In a build without CUDA, backend<cuda, op::carry<Op>>
// is the usual "not built" error, named after Op.
//
// Comparators: ordo::less and ordo::greater order the carrier as they order
// the narrow keys and pass as they are; a user comparator is given the
// narrow keys back (carrier_compare: each carrier key is narrowed, exactly,
// before the call), so it works wherever a user comparator works for the
// carrier (on the GPU: sort_idx, merge and segmented_sort from a .cu file
// that includes the family's .cuh).
#pragma once
#include <cstdint>
#include <memory>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>

#include "ordo/device_buffer.hpp"
#include "ordo/execution.hpp"
#include "ordo/ops.hpp"
#include "ordo/detail/backend.hpp"
#include "ordo/detail/call_then.hpp"
#include "ordo/detail/host_device.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/detail/key_types.hpp"

namespace ordo::detail {

namespace op {
// The carrier step of the operation Op: named after it (the "not built" error).
template <class Op>
struct carry : op_returning<typename Op::result> {
  static constexpr const char* name = Op::name;
};
}  // namespace op

enum class key_role { in, out, inout };

template <class K, key_role R>
struct key_arg {
  using key = std::remove_const_t<K>;
  static constexpr key_role role = R;
  K* data;
  std::size_t n;
};
template <class K>
key_arg<const K, key_role::in> keys_in(std::span<const K> s) { return {s.data(), s.size()}; }
template <class K>
key_arg<K, key_role::out> keys_out(std::span<K> s) { return {s.data(), s.size()}; }
template <class K>
key_arg<K, key_role::inout> keys_inout(std::span<K> s) { return {s.data(), s.size()}; }

// A user comparator over narrow keys K, applied to their carriers.
template <class K, class Compare>
struct narrowed_compare {
  Compare comp;
  ORDO_OP_HD bool operator()(const carrier_t<K>& a, const carrier_t<K>& b) const {
    return comp(narrow_key<K>(a), narrow_key<K>(b));
  }
};
template <class K, class Compare>
auto carrier_compare(Compare comp) {
  if constexpr (std::is_same_v<Compare, less> || std::is_same_v<Compare, greater>) return comp;
  else return narrowed_compare<K, Compare>{comp};
}

// The CPU's conversions, parallel loops compiled once into libordo
// (src/cpu/common/narrow_keys_cpu.cpp) for the types of
// ORDO_FOR_EACH_NARROW_KEY: every front door of a narrow key calls them, and
// instantiating their OpenMP loops in every caller's translation unit was
// about a tenth of the compile time of the CLI's and the Python module's.
template <class K>
void widen_keys_cpu(const cpu& exec, const K* in, carrier_t<K>* out, std::size_t n);
template <class K>
void narrow_keys_cpu(const cpu& exec, const carrier_t<K>* in, K* out, std::size_t n);
#define ORDO_NARROW_KEYS_CPU_EXTERN(K)                                                          \
  extern template void widen_keys_cpu<K>(const cpu&, const K*, carrier_t<K>*, std::size_t); \
  extern template void narrow_keys_cpu<K>(const cpu&, const carrier_t<K>*, K*, std::size_t);
ORDO_FOR_EACH_NARROW_KEY(ORDO_NARROW_KEYS_CPU_EXTERN)
#undef ORDO_NARROW_KEYS_CPU_EXTERN

// The CPU's temporaries and conversions.
struct cpu_key_conversion {
  template <class C>
  struct store {
    std::unique_ptr<C[]> p;
    C* data() { return p.get(); }
  };
  template <class C>
  static store<C> allocate(const cpu&, std::size_t n) {
    return {std::unique_ptr<C[]>(n ? new C[n] : nullptr)};
  }
  template <class K>
  static void widen(const cpu& exec, const K* in, carrier_t<K>* out, std::size_t n) {
    widen_keys_cpu<K>(exec, in, out, n);
  }
  template <class K>
  static void narrow(const cpu& exec, const carrier_t<K>* in, K* out, std::size_t n) {
    narrow_keys_cpu<K>(exec, in, out, n);
  }
};

// One role's temporary: the carrier keys, and the span fn receives.
template <class Conv, class Exec, class Arg>
struct carried {
  using K = typename Arg::key;
  using A = key_alias_t<K>;  // __half is read as ordo::half
  using C = carrier_t<K>;
  Arg arg;
  decltype(Conv::template allocate<C>(std::declval<const Exec&>(), 0)) buf;

  carried(const Exec& exec, Arg a) : arg(a), buf(Conv::template allocate<C>(exec, a.n)) {}
  void widen(const Exec& exec) {
    if (Arg::role != key_role::out && arg.n)
      Conv::template widen<A>(exec, reinterpret_cast<const A*>(arg.data), buf.data(), arg.n);
  }
  void narrow(const Exec& exec) {
    if constexpr (Arg::role != key_role::in)
      if (arg.n) Conv::template narrow<A>(exec, buf.data(), reinterpret_cast<A*>(arg.data), arg.n);
  }
  auto span() {
    if constexpr (Arg::role == key_role::in) return std::span<const C>(buf.data(), arg.n);
    else return std::span<C>(buf.data(), arg.n);
  }
};

template <class Conv, class Exec, class Fn, class... Args>
decltype(auto) run_via_carrier(const Exec& exec, Fn&& fn, Args... args) {
  std::tuple<carried<Conv, Exec, Args>...> c{carried<Conv, Exec, Args>(exec, args)...};
  std::apply([&](auto&... a) { (a.widen(exec), ...); }, c);
  auto call = [&] { return std::apply([&](auto&... a) { return fn(a.span()...); }, c); };
  auto narrow_all = [&] { std::apply([&](auto&... a) { (a.narrow(exec), ...); }, c); };
  return call_then(call, narrow_all);
}

template <class Op>
struct backend<cpu, op::carry<Op>> {
  template <class Fn, class... Args>
  static decltype(auto) run(const cpu& exec, Fn&& fn, Args... args) {
    return run_via_carrier<cpu_key_conversion>(exec, fn, args...);
  }
};

// The front doors' call: fn(carrier spans...) on exec, Op naming the operation.
template <class Op, class Exec, class Fn, class... Args>
decltype(auto) via_carrier(const Exec& exec, Fn&& fn, Args... args) {
  return backend<Exec, op::carry<Op>>::run(exec, fn, args...);
}

}  // namespace ordo::detail

#if defined(ORDO_HAS_CUDA)
#include "ordo/cuda/narrow_keys_cuda.hpp"
#endif
