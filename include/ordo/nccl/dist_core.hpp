// The type-free core of ordo::nccl (src/nccl/): keys arrive as the raw bits
// of their width (Code = uint32 for int32/uint32/float, uint64 for
// int64/uint64/double) with their kind, so the GPU code is compiled twice, not
// once per key type; include/ordo/nccl.hpp turns typed spans into these calls.
// Every pointer is device memory on the calling process's current GPU.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "ordo/detail/key_traits.hpp"
#include "ordo/detail/rank_store.hpp"
#include "ordo/dist/agreed_checks.hpp"
#include "ordo/global_index.hpp"
#include "ordo/rank.hpp"

namespace ordo {
struct nccl;
}

namespace ordo::nccl_detail {

using detail::key_kind;

using detail::rank_store;  // ordo/detail/rank_store.hpp: the rank type, chosen at run time

// Global stable sort in place; values (value_bytes 4 or 8, or null) follow.
template <class Code>
void sort(const nccl& ex, key_kind kind, Code* keys, std::uint64_t n, void* values, unsigned value_bytes,
          bool descending);
template <class Code>
void sort_idx(const nccl& ex, key_kind kind, const Code* keys, std::uint64_t n, global_index* perm, bool descending);
template <class Code>
void rank(const nccl& ex, key_kind kind, const Code* keys, std::uint64_t n, void* ranks, rank_store rt,
          const rank_options& options);
template <class Code>
void rank_sorted(const nccl& ex, key_kind kind, const Code* keys, std::uint64_t n, void* ranks, rank_store rt,
                 const rank_sorted_options& options);

// The agreement on the local checks (dist/agreed_checks.hpp): ncclAllReduce
// of the first failing process, then ncclBroadcast of its code and message.
void agree(const nccl& ex, const error* local);

template <class F>
void checked(const nccl& ex, F&& f) {
  dist::checked_by([&](const error* e) { agree(ex, e); }, f);
}

// Per-phase times of the last call on this process, for the benchmark
// (bench/nccl): when a log is set, each call records CUDA events between its
// phases and waits for the last one before it returns.
namespace phase {
// split: each element's process and the stable split of the arrays by it
// (splitters, the sample before it, runs first).
enum : int { split, splitters, exchange, final_sort, rank_fixup, redistribute, count };
}
inline constexpr const char* phase_names[phase::count] = {"split",      "splitters",  "exchange",
                                                      "final_sort", "rank_fixup", "redistribute"};
struct phase_log {
  double ms[phase::count] = {};
  std::uint64_t received = 0;  // elements this process held after the exchange (balance)
};
void set_phase_log(phase_log* log);  // null: no timing (the default)

}  // namespace ordo::nccl_detail
