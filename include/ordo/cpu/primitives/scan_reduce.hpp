// CPU scan (segmented by head flags too) and reduce: fold per chunk, carry
// across chunks in order, then scan each chunk from its carry. Inputs are
// converted to the accumulator type Acc (out's element type) as they are read.
#pragma once
#include <algorithm>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "ordo/cpu/primitives/chunks.hpp"
#include "ordo/cpu/sched/sched.hpp"
#include "ordo/detail/primitives_checks.hpp"

namespace ordo::detail {
// --- scan -----------------------------------------------------------------
template <class In, class Acc, class Op>
void scan_cpu(const cpu& exec, std::span<const In> in, std::span<Acc> out, Op op, Acc init, const scan_options& o) {
  check_scan_args(in.size(), out.size(), o.head_flags.size());
  check_scan_overlap(in.data(), in.size(), out.data());
  const std::size_t n = in.size();
  const std::uint8_t* flags = o.head_flags.empty() ? nullptr : o.head_flags.data();
  const bool exclusive = o.kind == scan_kind::exclusive;
  const int chunks = cpu_chunks(exec, n);
  // Per chunk: the fold since its last head, and whether it had one.
  std::vector<partial<Acc>> tail(chunks), carry(chunks);
  std::vector<char> had_head(chunks, 0);
  sched::for_each_worker(chunks, [&](int c) {
    partial<Acc> acc;
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      if (i == 0 || (flags && flags[i])) acc.has = false, had_head[c] = 1;
      const Acc x = static_cast<Acc>(in[i]);
      acc = acc.has ? partial<Acc>{true, op(acc.v, x)} : partial<Acc>{true, x};
    }
    tail[c] = acc;
  });
  for (int c = 1; c < chunks; ++c) carry[c] = had_head[c - 1] ? tail[c - 1] : combine(carry[c - 1], tail[c - 1], op);
  sched::for_each_worker(chunks, [&](int c) {
    partial<Acc> acc = carry[c];
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      const Acc x = static_cast<Acc>(in[i]);  // read before writing: out may alias in
      if (i == 0 || (flags && flags[i])) acc.has = false;
      if (exclusive) out[i] = acc.has ? op(init, acc.v) : init;
      acc = acc.has ? partial<Acc>{true, op(acc.v, x)} : partial<Acc>{true, x};
      if (!exclusive) out[i] = op(init, acc.v);
    }
  });
}

// --- reduce ---------------------------------------------------------------
template <class In, class Acc, class Op>
Acc reduce_cpu(const cpu& exec, std::span<const In> in, Op op, Acc init) {
  const std::size_t n = in.size();
  const int chunks = cpu_chunks(exec, n);
  std::vector<partial<Acc>> part(chunks);
  sched::for_each_worker(chunks, [&](int c) {
    partial<Acc> acc;
    for (std::size_t i = chunk_begin(n, chunks, c), e = chunk_begin(n, chunks, c + 1); i < e; ++i) {
      const Acc x = static_cast<Acc>(in[i]);
      acc = acc.has ? partial<Acc>{true, op(acc.v, x)} : partial<Acc>{true, x};
    }
    part[c] = acc;
  });
  partial<Acc> all{true, init};
  for (auto& p : part) all = combine(all, p, op);
  return all.v;
}

}  // namespace ordo::detail
