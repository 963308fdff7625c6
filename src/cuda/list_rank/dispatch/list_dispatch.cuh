// Host side of GPU list ranking: run contraction (run_contraction.cuh), the
// first pass (marks and validation), the three algorithms, and the fault
// report. Everything is enqueued on the caller's stream with scratch from its
// memory resource; only `validate` and run detection read anything back.
//
//   rhj_level      recursive Helman-JaJa (Algorithm 3): splitters and heads ->
//                  walks -> recurse on the reduced list -> recombine; with no
//                  marks (level 0, unvalidated) the walks claim nodes instead
//   wyllie         pointer jumping, ceil(log2 n) rounds, one launch each
//   single_block   one block, shared memory (n <= single_block_max)
#pragma once
#include <cuda_runtime.h>

#include <string>
#include <type_traits>

#include "common/list_rank/list_checks.hpp"
#include "common/list_rank/splitters.hpp"
#include "ordo/cuda/detail/arch_policy.cuh"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/device_props.cuh"
#include "ordo/cuda/detail/launch.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "cuda/list_rank/dispatch/run_contraction.cuh"
#include "cuda/list_rank/thread/list_functors.cuh"
#include "cuda/list_rank/kernel/mark_kernels.cuh"
#include "cuda/list_rank/kernel/single_block_kernel.cuh"
#include "cuda/list_rank/kernel/walk_kernel.cuh"
#include "cuda/list_rank/kernel/wyllie_kernels.cuh"
#include "ordo/list_rank.hpp"

namespace ordo::detail::cuda_list {

struct rhj_params {
  unsigned first_shift, deep_shift;
  std::uint64_t cutoff;
  std::uint32_t seed;
  bool equidistant;
  list_base base;
};

// Tuned on the H100 (docs/benchmarks.md, list ranking).
inline constexpr std::uint32_t default_first_stride = 32;
inline constexpr std::uint32_t default_deep_stride = 16;

inline unsigned ceil_log2(std::uint64_t n) {
  unsigned r = 0;
  while ((std::uint64_t(1) << r) < n) ++r;
  return r;
}

// The most nodes single_block ranks on the current device: the tuned
// single_block_max on sm_90; on others, as many as a block's shared memory
// holds there (arch_policy.cuh).
template <class V>
std::uint64_t single_block_limit() {
  if (select_policy_arch(current_device_props()) == policy_arch::sm90) return single_block_max;
  std::uint64_t n = std::min<std::uint64_t>(
      single_block_max, std::uint64_t(current_device_props().smem_per_block_optin) / (4 + sizeof(V)));
  while (n > 0 && !smem_optin_fits(single_block_smem<V>(n))) --n;
  return n;
}

// Whether single_block takes n nodes here (asks the device only for 0 < n <=
// single_block_max, so argument errors stay what they were without a GPU).
template <class V>
bool single_block_takes(std::uint64_t n) {
  return n <= single_block_max && (n == 0 || n <= single_block_limit<V>());
}

// The variant for a list of n: `automatic` takes single_block only where
// the device holds the list in one block.
template <class V>
gpu_list_variant device_variant(const char* fn, std::uint64_t n, const list_options& o) {
  const gpu_list_variant v = chosen_list_variant_cuda(fn, n, o);
  if (v == gpu_list_variant::single_block && o.variant.is_automatic() && !single_block_takes<V>(n))
    return gpu_list_variant::wyllie;
  return v;
}

template <class V, class Index, class Src, class Op, class Sink>
void single_block(const cuda& exec, const Index* succ, std::uint64_t n, const std::uint32_t* marks, Src src, Op op,
                  Sink sink) {
  if (n == 0) return;
  auto kernel = single_block_scan<V, Index, Src, Op, Sink>;
  static once_per_device sized;  // the opt-in is each device's own
  sized([&] {
    ORDO_CUDA_CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         int(single_block_smem<V>(single_block_limit<V>()))));
  });
  kernel<<<1, single_block_threads, single_block_smem<V>(n), exec.stream>>>(succ, std::uint32_t(n), marks, src, op,
                                                                          sink, ceil_log2(n));
  ORDO_CUDA_LAUNCH_CHECK("single_block_scan");
}

template <class P, class VW, class Index, class Src, class Op, class Sink>
void wyllie_with(const cuda& exec, const Index* succ, std::uint64_t n, const std::uint32_t* marks, Src src, Op op,
                 Sink sink) {
  const unsigned blocks = elementwise_blocks(n);
  scratch<P> pred(exec, n);
  ORDO_CUDA_CHECK(cudaMemsetAsync(pred.data(), 0xff, n * sizeof(P), exec.stream));
  wyllie_links<<<blocks, 256, 0, exec.stream>>>(succ, n, marks, pred.data());
  ORDO_CUDA_LAUNCH_CHECK("wyllie_links");
  const unsigned rounds = ceil_log2(n);
  if constexpr (wyllie_word<P, VW>::packed) {
    scratch<typename wyllie_word<P, VW>::W> word(exec, n);
    wyllie_pack<P, VW><<<blocks, 256, 0, exec.stream>>>(n, pred.data(), src, word.data());
    for (unsigned r = 0; r < rounds; ++r)
      wyllie_round_packed<P, VW><<<blocks, 256, 0, exec.stream>>>(n, word.data(), op);
    wyllie_finish_packed<P, VW><<<blocks, 256, 0, exec.stream>>>(n, word.data(), sink);
  } else {
    scratch<wyllie_node<P, VW>> a(exec, n), b(exec, n);
    wyllie_nodes<P, VW><<<blocks, 256, 0, exec.stream>>>(n, pred.data(), src, a.data());
    for (unsigned r = 0; r < rounds; ++r) {
      wyllie_round_buffered<<<blocks, 256, 0, exec.stream>>>(n, a.data(), b.data(), op);
      std::swap(a, b);
    }
    wyllie_finish_buffered<<<blocks, 256, 0, exec.stream>>>(n, a.data(), sink);
  }
  ORDO_CUDA_LAUNCH_CHECK("wyllie rounds");
}

template <class V, class Index, class Src, class Op, class Sink>
void wyllie(const cuda& exec, const Index* succ, std::uint64_t n, const std::uint32_t* marks, Src src, Op op,
            Sink sink) {
  if (n == 0) return;
  // Ranks of a short list: 16-bit link and 16-bit count in one 32-bit word.
  if constexpr (std::is_same_v<Src, ones<V>>) {
    if (n < 0xffff) return wyllie_with<std::uint16_t, std::uint16_t>(exec, succ, n, marks, src, op, sink);
  }
  if (n < 0xffffffffULL) return wyllie_with<std::uint32_t, V>(exec, succ, n, marks, src, op, sink);
  if constexpr (sizeof(Index) == 8) wyllie_with<std::uint64_t, V>(exec, succ, n, marks, src, op, sink);
}

template <class V, class Index, class Src, class Op, class Sink>
void rhj_level(const cuda& exec, const Index* succ, std::uint64_t n, const std::uint32_t* marks, Src src, Op op,
               Sink sink, const rhj_params& p, unsigned level, bool validate) {
  if (n <= p.cutoff) {
    if (p.base == list_base::single_block && single_block_takes<V>(n))
      return single_block<V>(exec, succ, n, marks, src, op, sink);
    return wyllie<V>(exec, succ, n, marks, src, op, sink);
  }
  const list::splitter_layout layout{n, level == 0 ? p.first_shift : p.deep_shift, p.seed + 0x9e3779b9u * level,
                                     p.equidistant};
  const std::uint64_t m = layout.count();
  const unsigned blocks = elementwise_blocks(n);

  scratch<Index> heads(exec, n);
  scratch<unsigned long long> head_count(exec, 1);
  scratch<walk_record<V>> records(exec, n);
  scratch<std::uint32_t> succ1(exec, m), marks1(exec, list::mark_words(m));
  scratch<V> value1(exec, m), prefix1(exec, m);
  scratch<unsigned char> cyclic1(exec, validate ? m : 0);
  ORDO_CUDA_CHECK(cudaMemsetAsync(head_count.data(), 0, sizeof(unsigned long long), exec.stream));
  ORDO_CUDA_CHECK(cudaMemsetAsync(marks1.data(), 0, marks1.size() * 4, exec.stream));
  // Walks are latency-bound: as many resident threads as the device holds.
  const unsigned walk_blocks = unsigned(std::min<std::uint64_t>(
      ceil_blocks(n, 256), std::uint64_t(device_sm_count()) * 8));
  if (!marks) {
    // Claim mode (walk_kernel.cuh): splitter walks, then the heads among the
    // nodes they did not reach, then walks from those.
    ORDO_CUDA_CHECK(cudaMemsetAsync(records.data(), 0xff, n * sizeof(walk_record<V>), exec.stream));
    fill_identity<<<elementwise_blocks(m), 256, 0, exec.stream>>>(value1.data(), m, Op::template identity<V>());
    walk_sublists<true, V><<<walk_blocks, 256, 0, exec.stream>>>(succ, n, marks, layout, heads.data(),
                                                                  head_count.data(), 0, src, op, records.data(),
                                                                  succ1.data(), value1.data(), marks1.data());
    ORDO_CUDA_LAUNCH_CHECK("walk_sublists (splitters)");
    scratch<std::uint32_t> pointed(exec, (n + 31) / 32);
    ORDO_CUDA_CHECK(cudaMemsetAsync(pointed.data(), 0, pointed.size() * 4, exec.stream));
    mark_unreached_successors<<<blocks, 256, 0, exec.stream>>>(succ, n, records.data(), pointed.data());
    append_heads<<<blocks, 256, 0, exec.stream>>>(n, unreached_unpointed<V>{records.data(), pointed.data()},
                                                  heads.data(), head_count.data());
    ORDO_CUDA_LAUNCH_CHECK("unreached heads");
    walk_sublists<true, V><<<walk_blocks, 256, 0, exec.stream>>>(succ, n, marks, layout, heads.data(),
                                                                  head_count.data(), m, src, op, records.data(),
                                                                  succ1.data(), value1.data(), marks1.data());
    ORDO_CUDA_LAUNCH_CHECK("walk_sublists (heads)");
  } else {
    // Unvisited records mark cycles; without validation nobody looks.
    if (validate) ORDO_CUDA_CHECK(cudaMemsetAsync(records.data(), 0xff, n * sizeof(walk_record<V>), exec.stream));
    append_heads<<<blocks, 256, 0, exec.stream>>>(n, unmarked_non_splitter{marks, layout}, heads.data(),
                                                  head_count.data());
    ORDO_CUDA_LAUNCH_CHECK("append_heads");
    walk_sublists<false, V><<<walk_blocks, 256, 0, exec.stream>>>(succ, n, marks, layout, heads.data(),
                                                                   head_count.data(), 0, src, op, records.data(),
                                                                   succ1.data(), value1.data(), marks1.data());
    ORDO_CUDA_LAUNCH_CHECK("walk_sublists");
  }

  const level_sink<V> sink1{prefix1.data(), validate ? cyclic1.data() : nullptr};
  rhj_level<V>(exec, static_cast<const std::uint32_t*>(succ1.data()), m, marks1.data(), array_source<V>{value1.data()},
               op, sink1, p, level + 1, validate);

  expand_sublists<<<blocks, 256, 0, exec.stream>>>(n, m, records.data(), prefix1.data(),
                                                   validate ? cyclic1.data() : nullptr, op, sink);
  ORDO_CUDA_LAUNCH_CHECK("expand_sublists");
}

template <class V, class Index, class Src, class Op, class Sink>
void rank_marked(const cuda& exec, gpu_list_variant v, const Index* succ, std::uint64_t n, const std::uint32_t* marks,
                 Src src, Op op, Sink sink, const rhj_params& p, bool validate) {
  switch (v) {
    case gpu_list_variant::single_block: return single_block<V>(exec, succ, n, marks, src, op, sink);
    case gpu_list_variant::wyllie: return wyllie<V>(exec, succ, n, marks, src, op, sink);
    default: return rhj_level<V>(exec, succ, n, marks, src, op, sink, p, 0, validate);
  }
}

// In-degree marks of a list (and, for the caller's list, the out-of-range
// fault).
template <class Index>
void mark_list(const cuda& exec, const Index* succ, std::uint64_t n, std::uint32_t* marks, list::faults* f) {
  ORDO_CUDA_CHECK(cudaMemsetAsync(marks, 0, list::mark_words(n) * 4, exec.stream));
  mark_predecessors<<<elementwise_blocks(n), 256, 0, exec.stream>>>(succ, n, marks, f);
  ORDO_CUDA_LAUNCH_CHECK("mark_predecessors");
}

// raise_faults' questions, answered on the device.
template <class Index>
struct device_lookup {
  const cuda& exec;
  const Index* succ;
  std::uint64_t n;
  const std::uint32_t* marks;
  std::uint64_t succ_at(std::uint64_t i) const {
    Index v;
    ORDO_CUDA_CHECK(cudaMemcpyAsync(&v, succ + i, sizeof(Index), cudaMemcpyDeviceToHost, exec.stream));
    ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
    return static_cast<std::uint64_t>(v);
  }
  template <class Launch>
  std::uint64_t search(Launch launch) const {
    scratch<unsigned long long> r(exec, 1);
    ORDO_CUDA_CHECK(cudaMemsetAsync(r.data(), 0xff, sizeof(unsigned long long), exec.stream));
    launch(r.data());
    unsigned long long h = 0;
    ORDO_CUDA_CHECK(cudaMemcpyAsync(&h, r.data(), sizeof h, cudaMemcpyDeviceToHost, exec.stream));
    ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
    return h;
  }
  std::uint64_t other_predecessor(std::uint64_t s, std::uint64_t i) const {
    return search([&](unsigned long long* r) {
      find_other_predecessor<<<elementwise_blocks(n), 256, 0, exec.stream>>>(succ, n, s, i, r);
    });
  }
  std::uint64_t second_head(std::uint64_t h) const {
    return search([&](unsigned long long* r) {
      find_next_head<<<elementwise_blocks(n), 256, 0, exec.stream>>>(marks, n, h, r);
    });
  }
};

inline rhj_params gpu_params(const list_options& o) {
  list::check_stride(o.splitter_stride, "splitter_stride");
  list::check_stride(o.deep_stride, "deep_stride");
  const std::uint64_t cutoff = o.cutoff ? o.cutoff : o.base == list_base::single_block ? single_block_max : 32768;
  return {list::stride_shift(o.splitter_stride ? o.splitter_stride : default_first_stride),
          list::stride_shift(o.deep_stride ? o.deep_stride : default_deep_stride), cutoff,
          static_cast<std::uint32_t>(o.seed ^ (o.seed >> 32)), o.equidistant_splitters, o.base};
}

// The one body behind list_rank and list_scan: V accumulates, Out receives
// finish(V).
template <class V, class Index, class Out, class Src, class Op, class Finish>
void run_list_scan(const cuda& exec, const Index* succ, std::uint64_t n, Src src, Out* out, Op op, Finish finish,
                   const list_options& o, const char* fn, bool signed_index) {
  const gpu_list_variant v = device_variant<V>(fn, n, o);  // a CPU variant throws
  if (v == gpu_list_variant::single_block && !single_block_takes<V>(n))
    throw error(errc::invalid_argument,
                std::string(fn) + ": single_block ranks at most " +
                    std::to_string(n > single_block_max ? single_block_max : single_block_limit<V>()) + " nodes, got " +
                    std::to_string(n));
  const rhj_params p = gpu_params(o);
  if (n == 0) return;

  const bool runs = contract_runs_now(exec, succ, n, o.runs);
  // Without validation, RHJ's first level keeps its walks apart by claiming
  // nodes and needs no in-degree marks.
  const bool claims = !o.validate && v == gpu_list_variant::rhj && n > p.cutoff;
  const bool need_marks = o.validate || (!runs && !claims);
  scratch<std::uint32_t> marks(exec, need_marks ? list::mark_words(n) : 0);
  scratch<list::faults> f(exec, 1);
  ORDO_CUDA_CHECK(cudaMemsetAsync(f.data(), 0xff, sizeof(list::faults), exec.stream));
  ORDO_CUDA_CHECK(cudaMemsetAsync(&f.data()->heads, 0, sizeof(std::uint64_t), exec.stream));
  if (need_marks) mark_list(exec, succ, n, marks.data(), f.data());
  if (o.validate) {
    check_marks<<<elementwise_blocks(n), 256, 0, exec.stream>>>(succ, n, marks.data(), f.data());
    ORDO_CUDA_LAUNCH_CHECK("check_marks");
  }

  const output_sink<Out, Finish> sink{out, finish,
                                      o.validate ? reinterpret_cast<unsigned long long*>(&f.data()->cycle) : nullptr};
  if (runs) {
    // The list of runs, ranked by the caller's variant where it applies.
    contract_runs<V>(exec, succ, n, src, op, sink, o.validate, [&](const std::uint32_t* succ1, std::uint64_t m,
                                                                   auto src1, auto sink1) {
      list_options o1 = o;
      if (o1.variant == gpu_list_variant::single_block && !single_block_takes<V>(m)) o1.variant = {};
      scratch<std::uint32_t> marks1(exec, list::mark_words(m));
      scratch<list::faults> f1(exec, 1);
      mark_list(exec, succ1, m, marks1.data(), f1.data());
      rank_marked<V>(exec, device_variant<V>(fn, m, o1), succ1, m, marks1.data(), src1, op, sink1, p, o.validate);
    });
  } else {
    rank_marked<V>(exec, v, succ, n, need_marks ? marks.data() : nullptr, src, op, sink, p, o.validate);
  }
  if (!o.validate) return;
  list::faults hf;
  ORDO_CUDA_CHECK(cudaMemcpyAsync(&hf, f.data(), sizeof hf, cudaMemcpyDeviceToHost, exec.stream));
  ORDO_CUDA_CHECK(cudaStreamSynchronize(exec.stream));
  list::raise_faults(fn, hf, n, o.shape == list_shape::single, device_lookup<Index>{exec, succ, n, marks.data()},
                     sizeof(Index), signed_index);
}

}  // namespace ordo::detail::cuda_list
