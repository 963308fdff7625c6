// The one seam between ordo's front doors and its backends.
//
// Every public entry point is one template on the execution type: it checks
// and normalises its arguments, then calls
//   detail::backend<Exec, detail::op::NAME>::run(exec, normalised args...)
// Each backend specialises backend<ItsExec, Op> for the operations it runs
// (ordo/cpu/*_cpu.hpp, ordo/cuda/*_cuda.hpp). A new backend is a new
// execution type, one line in execution_policy, and its specialisations.
//
// In a build without CUDA, backend<cuda, Op> is the one partial
// specialisation below: every operation throws errc::not_supported with
// cuda_unavailable_reason(), whatever its arguments.
#pragma once
#include <concepts>
#include <cstddef>
#include <type_traits>

#include "ordo/execution.hpp"

namespace ordo {

// What the first argument of an entry point may be: ordo::cpu or ordo::cuda.
template <class Exec>
concept execution_policy = std::same_as<Exec, cpu> || std::same_as<Exec, cuda>;

}  // namespace ordo

namespace ordo::detail {

// An operation's tag: its name (for the "backend not built" message) and
// what it returns. Tags live in their family's public header, in detail::op.
template <class Result = void>
struct op_returning {
  using result = Result;
};

// A string literal as a template argument (named_op's name).
template <std::size_t N>
struct op_name {
  constexpr op_name(const char (&s)[N]) {  // implicit: named_op<"rank">
    for (std::size_t i = 0; i < N; ++i) value[i] = s[i];
  }
  char value[N];
};

// A tag with its name and result: struct rank : named_op<"rank"> {};
template <op_name Name, class Result = void>
struct named_op : op_returning<Result> {
  static constexpr const char* name = Name.value;
};

// What a family names per backend (its variant enum, say):
// per_backend_t<cpu, ForCpu, ForCuda> is ForCpu, per_backend_t<cuda, ...> ForCuda.
template <execution_policy Exec, class ForCpu, class ForCuda>
using per_backend_t = std::conditional_t<std::same_as<Exec, cpu>, ForCpu, ForCuda>;

namespace op {
// The tag of a family's chosen_variant(exec, ...): returns Variant, that
// backend's variant enum.
template <class Variant>
struct chosen_variant : named_op<"chosen_variant", Variant> {};
}  // namespace op

template <class Exec, class Op>
struct backend;  // specialised by each backend; no definition for the rest

// The backends this build has: ordo::cpu, and ordo::cuda where ordo was built
// with CUDA. An operation compiled into libordo (rank, list_rank, topk,
// lexsort) declares its entry point once for all of them, in its front door:
//   template <built_backend Exec>
//   struct backend<Exec, op::X> {
//     template <class Key, ...> static void run(const Exec& exec, ...);
//   };
// and src/cpu/<family>, src/cuda/<family> define and explicitly instantiate
// run for their own execution type:
//   template <> template <class Key, ...>
//   void backend<cpu, op::X>::run(const cpu& exec, ...) {...}
// (without CUDA, backend<cuda, Op> below is the "not built" one).
template <class Exec>
concept built_backend = std::same_as<Exec, cpu>
#ifdef ORDO_HAS_CUDA
                        || std::same_as<Exec, cuda>
#endif
    ;

// backend<Exec, Op>, where the operation is one call of fn, a function
// template compiled into libordo: run(exec, args...) returns
// fn(exec, args...), the arguments unchanged (fn's parameters are run's; its
// template arguments are deduced from the front door's arguments as run's
// were).
#define ORDO_BACKEND_CALLS(Exec, Op, fn)                                \
  template <>                                                          \
  struct backend<Exec, Op> {                                           \
    template <class... Args>                                           \
    static decltype(auto) run(const Exec& exec, const Args&... args) { \
      return fn(exec, args...);                                        \
    }                                                                  \
  }

// Throws errc::not_supported: "fn: " + cuda_unavailable_reason().
[[noreturn]] void no_cuda(const char* fn);

#ifndef ORDO_HAS_CUDA
template <class Op>
struct backend<cuda, Op> {
  template <class... Args>
  [[noreturn]] static typename Op::result run(const cuda&, const Args&...) {
    no_cuda(Op::name);
  }
};
#endif

}  // namespace ordo::detail
