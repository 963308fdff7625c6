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

template <class Exec, class Op>
struct backend;  // specialised by each backend; no definition for the rest

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
