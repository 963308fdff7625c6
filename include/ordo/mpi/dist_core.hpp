// The type-free core of ordo::mpi (src/mpi/dist_mpi.cpp): everything works on
// 64-bit order codes and on payloads of raw bytes, so it is compiled once in
// libordo_mpi; include/ordo/mpi.hpp turns keys into codes and back.
#pragma once
#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ordo/dist/agreed_checks.hpp"
#include "ordo/error.hpp"
#include "ordo/rank_variants.hpp"

namespace ordo::mpi_detail {

struct comm_info {
  MPI_Comm comm;
  int me = 0, p = 1;
  explicit comm_info(MPI_Comm c);
};

// Every process calls it after its local checks, with the error it found or
// null: one allreduce, then the first failing process's code and message are
// broadcast and every process throws (the failing one its own error, the
// others "process r: message"). Returns when no process failed.
void agree(const comm_info& c, const error* local);

// Runs f (the local checks) and agrees on its outcome (dist/agreed_checks.hpp).
template <class F>
void checked(const comm_info& c, F&& f) {
  dist::checked_by([&](const error* e) { agree(c, e); }, f);
}

// MPI_Alltoallv over bytes with 64-bit counts: one MPI_Alltoallv where every
// count and displacement fits an int (and max_message_bytes), else
// point-to-point messages of at most max_message_bytes each.
void alltoallv_bytes(const comm_info& c, const void* send, std::span<const std::uint64_t> send_bytes, void* recv,
                     std::span<const std::uint64_t> recv_bytes);
// The largest message (bytes); INT_MAX unless a test makes it smaller so the
// chunked path runs. Every process must set the same value.
void set_max_message_bytes(std::uint64_t bytes);
std::uint64_t max_message_bytes();

std::vector<std::uint64_t> allgather_u64(const comm_info& c, std::uint64_t mine);
std::uint64_t allreduce_u64(const comm_info& c, std::uint64_t mine, MPI_Op op);

// An array of elements of `elem` bytes that travels with the codes.
struct payload {
  const std::byte* in = nullptr;  // n local elements, input order
  std::size_t elem = 0;
  std::vector<std::byte> out;     // after exchange_sorted: the chunk's elements, global order
};

// After exchange_sorted: this process's piece of the global order of the
// tuples (code, process, index), which are all distinct, so equal codes are
// split across processes as evenly as any other keys.
struct sorted_chunk {
  std::vector<std::uint64_t> code;      // ascending
  std::vector<std::int64_t> src_proc;   // where each came from
  std::vector<std::uint64_t> src_idx;
  std::uint64_t offset = 0;             // global position of code[0]
  std::vector<std::uint64_t> n_all;     // every process's input size
  std::uint64_t n_total = 0;
};

// How the tuples are split between processes.
enum class partition_method {
  samples,   // splitters from a regular sample of the locally sorted tuples
  top_bits,  // buckets by the codes' top bits (ranges of equal width): skew-sensitive; for measurement
};

// Sorts the distributed codes: local stable sort, splitters, one all-to-all
// of codes, indices and payloads, then a local stable sort of what arrived.
// code_bits: how many low bits of the codes are used (32 or 64; for top_bits).
sorted_chunk exchange_sorted(const comm_info& c, std::span<const std::uint64_t> codes, std::span<payload> payloads,
                             partition_method how = partition_method::samples, int code_bits = 64);

// Sends the chunk's elements (elem bytes each, chunk order) back so that
// process r holds global positions [sum n_all[<r], + n_all[r]) in `out`.
void redistribute(const comm_info& c, const sorted_chunk& s, const std::byte* chunk_elems, std::size_t elem,
                  std::byte* out);

// Sends each chunk element (elem bytes) home: out[src_idx] on src_proc.
void return_home(const comm_info& c, const sorted_chunk& s, const std::byte* chunk_elems, std::size_t elem,
                 std::byte* out);

// Ranks of a globally sorted distributed array, given as tie codes (equal
// codes tie) in sorted order: one allgather of each process's boundary
// (first and last code, leading and trailing tie-run lengths, distinct count)
// places the local ranks. Ranks are 1-based doubles (exact below 2^53).
std::vector<double> rank_sorted_codes(const comm_info& c, std::span<const std::uint64_t> codes, rank_method method);

}  // namespace ordo::mpi_detail
