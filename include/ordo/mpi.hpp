// ordo::mpi: sort and rank over the processes of an MPI communicator.
//
//   ordo::mpi{comm}   each process passes its local part (host memory) and
//                     sorts/ranks it with the CPU backend; results stay
//                     distributed as the input was (same local sizes).
//
// The front doors are ordo's, with ordo::mpi first (every process of comm
// must call, collectively, in the same order):
//   ordo::sort(mpi, keys[, values], options)   global stable sort; process r
//       receives global positions [n_0 + ... + n_{r-1}, + n_r)
//   ordo::sort_idx(mpi, keys, perm[, order])   perm: the global order as
//       (process, local index) pairs, distributed like sort's output
//   ordo::rank(mpi, keys, ranks, options)      pandas ranks over all processes
//       (every method, ascending, na_option, pct), ties across processes exact
//   ordo::rank_sorted(mpi, keys, ranks, options)  keys globally sorted in
//       process order; validate checks the boundaries between processes too
//
// Bad input on any process (mismatched sizes, unsorted input under validate)
// throws ordo::error on every process: each checks locally, then one
// allreduce agrees before any exchange. Keys: the six main key types
// (int32 ... double); the narrow ones are not taken yet (widen them).
// docs/algorithms.md ("Distributed sort and rank") describes the algorithm.
// Built only where CMake finds MPI (target ordo::mpi, library ordo_mpi).
#pragma once
#include <mpi.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "ordo/dist/mutable_spans.hpp"
#include "ordo/global_index.hpp"
#include "ordo/mpi/dist_core.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rank.hpp"
#include "ordo/rough_sort.hpp"

namespace ordo {

struct mpi {
  MPI_Comm comm = MPI_COMM_WORLD;
};
template <>
inline constexpr bool detail::is_distributed_exec_v<mpi> = true;  // dist/mutable_spans.hpp

namespace mpi_detail {

template <class Key>
void check_key(const char* fn) {
  static_assert(!detail::is_narrow_key_v<Key>, "ordo::mpi: narrow keys (8/16-bit, bool, float16) are not taken yet");
  static_assert(is_key_type_v<Key>, "ordo: not a key type");
  (void)fn;
}

// rank()'s bits (key_traits.hpp) widened to 64: ties are equal codes, NaN at
// one extreme, descending flipped.
template <class Key>
std::vector<std::uint64_t> codes_of(std::span<const Key> keys, bool descending, bool nan_on_top) {
  std::vector<std::uint64_t> c(keys.size());
  for (std::size_t i = 0; i < keys.size(); ++i)
    c[i] = std::uint64_t(detail::key_traits<Key>::rank_bits(keys[i], descending, nan_on_top));
  return c;
}

template <class T>
payload payload_of(std::span<const T> v) {
  return payload{reinterpret_cast<const std::byte*>(v.data()), sizeof(T), {}};
}

template <class Key, class Value>
void sort(const mpi& exec, std::span<Key> keys, Value* values, std::size_t n_values, const sort_options& options) {
  check_key<Key>("sort");
  comm_info c(exec.comm);
  checked(c, [&] {
    if constexpr (!std::is_void_v<Value>) detail::check_same_size("sort", "values", n_values, "keys", keys.size());
  });
  const bool desc = options.order == sort_order::descending;
  auto codes = codes_of(std::span<const Key>(keys), desc, desc);  // NaN last ascending, first descending
  std::vector<payload> pay{payload_of(std::span<const Key>(keys))};
  if constexpr (!std::is_void_v<Value>) pay.push_back(payload_of(std::span<const Value>(values, n_values)));
  auto s = exchange_sorted(c, codes, pay);
  redistribute(c, s, pay[0].out.data(), sizeof(Key), reinterpret_cast<std::byte*>(keys.data()));
  if constexpr (!std::is_void_v<Value>)
    redistribute(c, s, pay[1].out.data(), sizeof(Value), reinterpret_cast<std::byte*>(values));
}

template <class Rank>
Rank to_rank(double r) {
  if constexpr (std::is_integral_v<Rank>) return std::isnan(r) ? Rank(0) : Rank(r);
  else return Rank(r);
}

template <class Rank>
void check_total(const comm_info& c, std::uint64_t n_local, const char* fn) {
  if constexpr (std::is_same_v<Rank, std::uint32_t>) {
    std::uint64_t total = allreduce_u64(c, n_local, MPI_SUM);
    if (total > std::numeric_limits<std::uint32_t>::max())
      throw error(errc::invalid_argument, std::string(fn) + ": " + std::to_string(total) +
                                              " keys over all processes do not fit uint32 ranks; use uint64 ranks");
  }
}

}  // namespace mpi_detail

// ---- sort -------------------------------------------------------------------
// Stable over (process, index): equal keys keep their global input order.
template <class Key>
void sort(const mpi& exec, std::span<Key> keys, const sort_options& options = {}) {
  mpi_detail::sort<Key, void>(exec, keys, nullptr, 0, options);
}
template <class Key, class Value>
void sort(const mpi& exec, std::span<Key> keys, std::span<Value> values, const sort_options& options = {}) {
  mpi_detail::sort<Key, Value>(exec, keys, values.data(), values.size(), options);
}

// ---- sort_idx ---------------------------------------------------------------
// perm[i] on process r: where the element at global sorted position
// (n_0 + ... + n_{r-1} + i) came from. Stable.
template <class Key>
void sort_idx(const mpi& exec, std::span<const Key> keys, std::span<global_index> perm,
              sort_order order = sort_order::ascending) {
  mpi_detail::check_key<Key>("sort_idx");
  mpi_detail::comm_info c(exec.comm);
  mpi_detail::checked(c, [&] { detail::check_same_size("sort_idx", "perm", perm.size(), "keys", keys.size()); });
  const bool desc = order == sort_order::descending;
  auto s = mpi_detail::exchange_sorted(c, mpi_detail::codes_of(keys, desc, desc), {});
  std::vector<global_index> where(s.code.size());
  for (std::size_t i = 0; i < where.size(); ++i) where[i] = {s.src_proc[i], s.src_idx[i]};
  mpi_detail::redistribute(c, s, reinterpret_cast<const std::byte*>(where.data()), sizeof(global_index),
                           reinterpret_cast<std::byte*>(perm.data()));
}


// ---- rank ---------------------------------------------------------------------
template <class Key, class Rank>
void rank(const mpi& exec, std::span<const Key> keys, std::span<Rank> ranks, const rank_options& options = {}) {
  mpi_detail::check_key<Key>("rank");
  mpi_detail::comm_info c(exec.comm);
  mpi_detail::checked(c, [&] {
    detail::check_rank_args<Key, Rank>(keys.size(), ranks.size(), options.method, options.pct, "rank");
  });
  mpi_detail::check_total<Rank>(c, keys.size(), "rank");  // the same on every process
  auto codes = mpi_detail::codes_of(keys, !options.ascending, options.na == na_option::top);
  auto s = mpi_detail::exchange_sorted(c, codes, {});
  std::vector<double> r = mpi_detail::rank_sorted_codes(c, s.code, options.method);
  // na_option::keep: the NaN group is the codes at the top extreme.
  const bool keep_nan = std::is_floating_point_v<Key> && options.na == na_option::keep;
  const std::uint64_t nan_code = std::uint64_t(detail::kept_nan_rank_bits<detail::key_code_t<Key>>());
  std::uint64_t nans = 0, dense_max = 0;
  for (std::size_t i = 0; i < r.size(); ++i) {
    if (keep_nan && s.code[i] == nan_code) {
      r[i] = std::numeric_limits<double>::quiet_NaN();
      ++nans;
    } else {
      dense_max = std::max(dense_max, std::uint64_t(r[i]));
    }
  }
  if (options.pct) {
    double div = options.method == rank_method::dense
                     ? double(mpi_detail::allreduce_u64(c, dense_max, MPI_MAX))
                     : double(s.n_total - mpi_detail::allreduce_u64(c, nans, MPI_SUM));
    for (auto& x : r) x /= div;
  }
  std::vector<Rank> out(r.size());
  for (std::size_t i = 0; i < r.size(); ++i) out[i] = mpi_detail::to_rank<Rank>(r[i]);
  mpi_detail::return_home(c, s, reinterpret_cast<const std::byte*>(out.data()), sizeof(Rank),
                          reinterpret_cast<std::byte*>(ranks.data()));
}

// ---- rank_sorted ----------------------------------------------------------------
// keys: globally sorted in process order (process 0's keys first). Each
// process ranks its part locally and places it with one allgather of the
// processes' boundaries (no exchange of keys). options.variant is ignored.
template <class Key, class Rank>
void rank_sorted(const mpi& exec, std::span<const Key> keys, std::span<Rank> ranks,
                 const rank_sorted_options& options = {}) {
  mpi_detail::check_key<Key>("rank_sorted");
  mpi_detail::comm_info c(exec.comm);
  mpi_detail::checked(c, [&] {
    detail::check_rank_args<Key, Rank>(keys.size(), ranks.size(), options.method, false, "rank_sorted");
  });
  mpi_detail::check_total<Rank>(c, keys.size(), "rank_sorted");
  if (options.validate) {
    // Local order, then the boundary with the previous non-empty process.
    const bool asc = options.order == sort_order::ascending;
    auto ordered = [&](Key a, Key b) { return asc ? detail::in_ascending_order(a, b) : detail::in_descending_order(a, b); };
    std::uint64_t bad = 0;
    for (std::size_t i = 1; i < keys.size() && !bad; ++i) bad = !ordered(keys[i - 1], keys[i]);
    using code_t = detail::key_code_t<Key>;
    auto lasts = mpi_detail::allgather_u64(c, keys.empty() ? 0 : detail::key_traits<Key>::raw(keys.back()));
    auto sizes = mpi_detail::allgather_u64(c, keys.size());
    if (!keys.empty())
      for (int q = c.me - 1; q >= 0; --q)
        if (sizes[q]) {
          bad |= !ordered(detail::key_traits<Key>::from_raw(code_t(lasts[q])), keys.front());
          break;
        }
    mpi_detail::checked(c, [&] {
      if (bad) throw error(errc::unsorted_input, "rank_sorted: keys are not sorted across the processes");
    });
  }
  auto r = mpi_detail::rank_sorted_codes(c, mpi_detail::codes_of(keys, false, false), options.method);
  for (std::size_t i = 0; i < r.size(); ++i) ranks[i] = mpi_detail::to_rank<Rank>(r[i]);
}

}  // namespace ordo
