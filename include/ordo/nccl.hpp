// ordo::nccl: sort and rank over the GPUs of an NCCL communicator, one GPU
// per process, data in device memory.
//
//   ordo::nccl{comm, stream, mr}   each process passes its local part (device
//                                  memory on its current GPU); results stay
//                                  distributed as the input was (same local
//                                  sizes). Work is queued on `stream`; scratch
//                                  comes from `mr` (default_device_resource()
//                                  when null). The host waits where sizes
//                                  must be known (splitters, receive counts).
//
// The front doors are ordo's, with ordo::nccl first (every process of comm
// must call, collectively, in the same order), with ordo::mpi's semantics:
//   ordo::sort(nccl, keys[, values], options)   global stable sort; process r
//       receives global positions [n_0 + ... + n_{r-1}, + n_r)
//   ordo::sort_idx(nccl, keys, perm[, order])   perm: the global order as
//       (process, local index) pairs (global_index), distributed like sort's output
//   ordo::rank(nccl, keys, ranks, options)      pandas ranks over all processes
//       (every method, ascending, na_option, pct), ties across processes exact
//   ordo::rank_sorted(nccl, keys, ranks, options)  keys globally sorted in
//       process order; validate checks the boundaries between processes too
//
// Bad arguments on any process (mismatched sizes, unsorted input under
// validate) throw ordo::error on every process ("process r of p: ..." on the
// others): the local checks are agreed on before any exchange. A CUDA or NCCL
// failure inside the exchange throws on the process that saw it; the others
// may then wait in NCCL (abort the communicator). Keys: int32, uint32, int64,
// uint64, float, double; values of 4 or 8 bytes.
// docs/algorithms.md ("Distributed sort and rank on GPUs") describes the
// algorithm. Built where CMake finds CUDA and NCCL (target ordo::nccl).
#pragma once
#include <cuda_runtime.h>
#include <nccl.h>

#include <cstdint>
#include <span>
#include <type_traits>

#include "ordo/execution.hpp"
#include "ordo/dist/mutable_spans.hpp"
#include "ordo/global_index.hpp"
#include "ordo/nccl/dist_core.hpp"
#include "ordo/rank.hpp"
#include "ordo/rough_sort.hpp"

namespace ordo {

struct nccl {
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;    // the legacy default stream when null
  memory_resource* mr = nullptr;    // default_device_resource() when null
};
template <>
inline constexpr bool detail::is_distributed_exec_v<nccl> = true;  // dist/mutable_spans.hpp

namespace nccl_detail {

template <class Key>
constexpr void check_key() {
  static_assert(!detail::is_narrow_key_v<Key>, "ordo::nccl: narrow keys (8/16-bit, bool, float16) are not taken yet");
  static_assert(is_key_type_v<Key>, "ordo: not a key type");
}

template <class Key>
using code_of = detail::key_code_t<std::remove_const_t<Key>>;

template <class Key>
const code_of<Key>* code_ptr(std::span<const Key> k) {
  return reinterpret_cast<const code_of<Key>*>(k.data());
}

}  // namespace nccl_detail

// ---- sort -------------------------------------------------------------------
// Stable over (process, index): equal keys keep their global input order.
template <class Key>
void sort(const nccl& ex, std::span<Key> keys, const sort_options& options = {}) {
  nccl_detail::check_key<Key>();  // no local check to agree on
  nccl_detail::sort<nccl_detail::code_of<Key>>(ex, detail::key_traits<Key>::kind,
                                               reinterpret_cast<nccl_detail::code_of<Key>*>(keys.data()), keys.size(),
                                               nullptr, 0, options.order == sort_order::descending);
}
template <class Key, class Value>
void sort(const nccl& ex, std::span<Key> keys, std::span<Value> values, const sort_options& options = {}) {
  nccl_detail::check_key<Key>();
  static_assert(std::is_trivially_copyable_v<Value> && (sizeof(Value) == 4 || sizeof(Value) == 8),
                "ordo::nccl: values must be 4- or 8-byte trivially copyable types");
  nccl_detail::checked(ex, [&] { detail::check_same_size("sort", "values", values.size(), "keys", keys.size()); });
  nccl_detail::sort<nccl_detail::code_of<Key>>(ex, detail::key_traits<Key>::kind,
                                               reinterpret_cast<nccl_detail::code_of<Key>*>(keys.data()), keys.size(),
                                               values.data(), unsigned(sizeof(Value)),
                                               options.order == sort_order::descending);
}

// ---- sort_idx ---------------------------------------------------------------
// perm[i] on process r: where the element at global sorted position
// (n_0 + ... + n_{r-1} + i) came from. Stable.
template <class Key>
void sort_idx(const nccl& ex, std::span<const Key> keys, std::span<global_index> perm,
              sort_order order = sort_order::ascending) {
  nccl_detail::check_key<Key>();
  nccl_detail::checked(ex, [&] { detail::check_same_size("sort_idx", "perm", perm.size(), "keys", keys.size()); });
  nccl_detail::sort_idx(ex, detail::key_traits<Key>::kind, nccl_detail::code_ptr(keys), keys.size(), perm.data(),
                        order == sort_order::descending);
}

// ---- rank ---------------------------------------------------------------------
// Rank: uint32 (fewer than 2^32 keys over all processes), uint64, float or double.
template <class Key, class Rank>
void rank(const nccl& ex, std::span<const Key> keys, std::span<Rank> ranks, const rank_options& options = {}) {
  nccl_detail::check_key<Key>();
  nccl_detail::checked(ex, [&] {
    detail::check_rank_args<Key, Rank>(keys.size(), ranks.size(), options.method, options.pct, "rank");
  });
  nccl_detail::rank(ex, detail::key_traits<Key>::kind, nccl_detail::code_ptr(keys), keys.size(), ranks.data(),
                    detail::rank_store_of<Rank>(), options);
}

// ---- rank_sorted ----------------------------------------------------------------
// keys: globally sorted in process order (process 0's keys first). Each
// process ranks its part on its GPU and places it with one allgather of the
// processes' boundaries (no exchange of keys). options.variant is ignored.
template <class Key, class Rank>
void rank_sorted(const nccl& ex, std::span<const Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& options = {}) {
  nccl_detail::check_key<Key>();
  nccl_detail::checked(ex, [&] {
    detail::check_rank_args<Key, Rank>(keys.size(), ranks.size(), options.method, false, "rank_sorted");
  });
  nccl_detail::rank_sorted(ex, detail::key_traits<Key>::kind, nccl_detail::code_ptr(keys), keys.size(), ranks.data(),
                           detail::rank_store_of<Rank>(), options);
}

}  // namespace ordo
