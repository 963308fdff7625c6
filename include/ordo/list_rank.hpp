// List ranking and list scan (seed 003: Rehman, Kothapalli, Narayanan, "Fast
// and Scalable List Ranking on the GPU").
//
//   list_rank  each node's distance from the head of its list: 0 for the head
//   list_scan  the inclusive prefix of user values along each list:
//              out[head] = v[head], out[next] = op(out[node], v[next])
//
// A list is given by its successor array: succ[i] is the node after i, or the
// end-of-list marker `list_end<Index>`: all bits set (-1 for signed indices).
// One array may hold many lists (a forest, as Euler tours and tree
// contraction produce); each node is ranked within its own list. Heads are the
// nodes no other node points at.
//
// Example: succ = {2, -1, 1}  (0 -> 2 -> 1)  gives ranks {0, 2, 1}.
#pragma once
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/ops.hpp"
#include "ordo/detail/backend.hpp"
#include "ordo/detail/backend_variant.hpp"
#include "ordo/detail/list_checks.hpp"

namespace ordo {

template <class Index>
inline constexpr Index list_end = static_cast<Index>(~static_cast<std::make_unsigned_t<Index>>(0));

// list_rank and list_scan on ordo::cpu.
enum class cpu_list_variant {
  automatic,
  sequential,    // walk each list from its head (the reference)
  helman_jaja,   // splitters, parallel sublist walks, prefix over sublists, recombination
};

// list_rank and list_scan on ordo::cuda.
enum class gpu_list_variant {
  automatic,
  wyllie,        // pointer jumping, rank and link packed in one word (Sec. 3.1, Listing 1)
  rhj,           // recursive Helman-JaJa (Sec. 3.2.1, Algorithm 3)
  single_block,  // one thread block, the whole list in shared memory (small lists)
};

// automatic, or a cpu_list_variant or gpu_list_variant; a variant of the
// other backend is refused with errc::not_supported.
using list_variant = detail::backend_variant<cpu_list_variant, gpu_list_variant>;

enum class list_shape {
  forest,  // any number of lists
  single,  // exactly one list: validation also checks every node is reachable from the head
};

// GPU: what to do with runs of consecutive indices (succ[i] == i + 1), which
// ordered lists and lists built by appending are made of. Contracting them
// numbers the runs with two scans in index order and ranks the list of runs
// instead of the nodes; an ordered list then costs a few streaming passes.
// Scratch: about 16 bytes per node (32-bit indices and values).
enum class list_runs {
  detect,    // lists above 2^19 nodes: sample 4096 links and contract when at
             // least 1/8 are consecutive (reads the sample back, and then the
             // run count: synchronises the stream)
  contract,  // always contract (reads the run count back: synchronises the stream)
  keep,      // never contract: the call does not synchronise the stream
};

// Where RHJ hands the reduced list over once it is at most `cutoff` nodes.
enum class list_base { single_block, wyllie };

struct list_options {
  list_variant variant = {};
  list_shape shape = list_shape::forest;
  // Check the input and throw errc::invalid_list naming the first offending
  // node: a successor out of range, two nodes with one successor, a cycle, or
  // (shape single) more than one head. On the GPU this reads a small record
  // back and so synchronises the stream. Without it, bad input gives
  // unspecified output, but every algorithm still terminates and stays in
  // bounds.
  bool validate = false;
  // Tuning of helman_jaja and rhj; 0 means the tuned default. The stride is
  // the number of nodes per splitter (a power of two): the first level uses
  // `splitter_stride`, the deeper ones `deep_stride`.
  std::uint32_t splitter_stride = 0;
  std::uint32_t deep_stride = 0;
  std::uint64_t cutoff = 0;  // rhj: rank lists of at most this many nodes with `base`
  list_base base = list_base::single_block;
  // Splitters: one per `stride` consecutive indices, at a position drawn from
  // `seed` (so no input ordering defeats them), or at the first index of each
  // group when `equidistant` (the load-balance study of Fig. 9).
  bool equidistant_splitters = false;
  std::uint64_t seed = 0x5eed0f11575ULL;
  // GPU only (the CPU's walks read memory in order anyway). With contraction,
  // `variant` ranks the list of runs.
  list_runs runs = list_runs::detect;
};

}  // namespace ordo

namespace ordo::detail {
// The variant enum of each backend's list ranking.
template <class Exec>
using list_variant_t = per_backend_t<Exec, cpu_list_variant, gpu_list_variant>;

namespace op {
struct list_rank : named_op<"list_rank"> {};
struct list_scan : named_op<"list_scan"> {};
template <class Exec>
using chosen_list_variant = chosen_variant<list_variant_t<Exec>>;
}  // namespace op
}  // namespace ordo::detail

namespace ordo {

// Index: int32, uint32, int64, uint64. Rank: int32, uint32, int64, uint64;
// ranks.size() == succ.size(); a 32-bit Rank needs fewer than 2^32 nodes.
template <execution_policy Exec, class Index, class Rank>
void list_rank(const Exec& exec, std::span<const Index> succ, std::span<Rank> ranks,
               const list_options& options = {}) {
  detail::list::check_list_args<Index, Rank>(succ.size(), ranks.size(), succ.size(), "list_rank");
  detail::backend<Exec, detail::op::list_rank>::run(exec, succ, ranks, options);
}

// T: int32, uint32, int64, uint64, float, double. Op: ordo::plus, minimum,
// maximum. Floating-point plus is summed in a different order than a
// sequential walk would, so the last bits may differ. Integer plus wraps
// modulo 2^bits of T: scan values of a wider T (int32 values as int64) where
// sums may not fit, as the Python module does by default (numpy's cumsum
// promotion, docs/python.md).
template <execution_policy Exec, class Index, class T, class Op = plus>
void list_scan(const Exec& exec, std::span<const Index> succ, std::span<const T> values, std::span<T> out,
               Op op = {}, const list_options& options = {}) {
  detail::list::check_list_args<Index, T>(succ.size(), out.size(), values.size(), "list_scan");
  detail::backend<Exec, detail::op::list_scan>::run(exec, succ, values, out, op, options);
}

// Convenience: mutable spans (a device_buffer's span(), say) convert to the
// const spans above, which template deduction will not do by itself.
template <execution_policy Exec, class Index, class Rank>
  requires(!std::is_const_v<Index>)
void list_rank(const Exec& exec, std::span<Index> succ, std::span<Rank> ranks, const list_options& options = {}) {
  list_rank(exec, std::span<const Index>(succ), ranks, options);
}
template <execution_policy Exec, class Index, class T, class Op = plus>
  requires(!std::is_const_v<Index> && !std::is_const_v<T>)
void list_scan(const Exec& exec, std::span<Index> succ, std::span<T> values, std::span<T> out, Op op = {},
               const list_options& options = {}) {
  list_scan(exec, std::span<const Index>(succ), std::span<const T>(values), out, op, options);
}

// The variant of that backend (cpu_list_variant, gpu_list_variant) that
// `automatic` resolves to for n nodes, or the one the options ask for;
// errc::not_supported for the other backend's variant.
template <execution_policy Exec>
detail::list_variant_t<Exec> chosen_variant(const Exec& exec, std::size_t n, const list_options& options) {
  return detail::backend<Exec, detail::op::chosen_list_variant<Exec>>::run(exec, n, options);
}

const char* to_string(list_variant v) noexcept;  // "auto" for automatic
const char* to_string(cpu_list_variant v) noexcept;
const char* to_string(gpu_list_variant v) noexcept;
list_variant parse_list_variant(const char* name);  // throws errc::invalid_argument
const char* to_string(list_runs r) noexcept;
list_runs parse_list_runs(const char* name);  // throws errc::invalid_argument

}  // namespace ordo

// The backends: backend<cpu, op::list_...>, and backend<cuda, ...> where
// ordo was built with CUDA (else detail/backend.hpp's "not built").
namespace ordo::detail {
// Both backends' list_rank and list_scan, compiled into libordo for the types
// of src/common/list_rank/instantiate.hpp (src/cpu/list_rank/list_rank_cpu.cpp;
// src/cuda/list_rank: list_rank.cu, one list_scan_<type>.cu per value type).
template <built_backend Exec>
struct backend<Exec, op::list_rank> {
  template <class Index, class Rank>
  static void run(const Exec& exec, std::span<const Index> succ, std::span<Rank> ranks, const list_options& o);
};
template <built_backend Exec>
struct backend<Exec, op::list_scan> {
  template <class Index, class T, class Op>
  static void run(const Exec& exec, std::span<const Index> succ, std::span<const T> values, std::span<T> out, Op op,
                  const list_options& o);
};
}  // namespace ordo::detail

#include "ordo/cpu/list_rank_cpu.hpp"
#if defined(ORDO_HAS_CUDA)
#include "ordo/cuda/list_rank_cuda.hpp"
#endif
