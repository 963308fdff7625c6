// ordo::mpi's type-free core (include/ordo/mpi/dist_core.hpp): the sample
// partition, the all-to-all exchanges and the rank fix-up at process
// boundaries. docs/algorithms.md ("Distributed sort and rank") explains it.
#include "ordo/mpi/dist_core.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>

#include "ordo/dist/tie_boundaries.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rank.hpp"

namespace ordo::mpi_detail {

namespace {
std::uint64_t g_max_message = INT_MAX;

void check_mpi(int rc, const char* what) {
  if (rc != MPI_SUCCESS) throw error(errc::invalid_argument, std::string("mpi: ") + what + " failed");
}

std::vector<std::uint64_t> alltoall_u64(const comm_info& c, const std::vector<std::uint64_t>& send) {
  std::vector<std::uint64_t> recv(c.p);
  check_mpi(MPI_Alltoall(send.data(), 1, MPI_UINT64_T, recv.data(), 1, MPI_UINT64_T, c.comm), "MPI_Alltoall");
  return recv;
}

std::vector<std::uint64_t> scaled(const std::vector<std::uint64_t>& counts, std::size_t elem) {
  std::vector<std::uint64_t> b(counts.size());
  for (std::size_t i = 0; i < counts.size(); ++i) b[i] = counts[i] * elem;
  return b;
}

// One exchange of an array of elem-byte elements, grouped by destination.
void exchange(const comm_info& c, const void* send, const std::vector<std::uint64_t>& send_cnt, void* recv,
              const std::vector<std::uint64_t>& recv_cnt, std::size_t elem) {
  alltoallv_bytes(c, send, scaled(send_cnt, elem), recv, scaled(recv_cnt, elem));
}

struct tuple3 {
  std::uint64_t code;
  std::int64_t proc;
  std::uint64_t idx;
  friend bool operator<(const tuple3& a, const tuple3& b) {
    if (a.code != b.code) return a.code < b.code;
    if (a.proc != b.proc) return a.proc < b.proc;
    return a.idx < b.idx;
  }
};
}  // namespace

comm_info::comm_info(MPI_Comm c) : comm(c) {
  check_mpi(MPI_Comm_rank(c, &me), "MPI_Comm_rank");
  check_mpi(MPI_Comm_size(c, &p), "MPI_Comm_size");
}

void agree(const comm_info& c, const error* local) {
  int mine = local ? c.me : c.p, first = c.p;
  check_mpi(MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, c.comm), "MPI_Allreduce");
  if (first == c.p) return;
  std::string msg;
  int code = 0;
  if (c.me == first) {
    msg = dist::message_of(*local);
    code = int(local->code());
  }
  std::uint64_t len = msg.size();
  MPI_Bcast(&code, 1, MPI_INT, first, c.comm);
  MPI_Bcast(&len, 1, MPI_UINT64_T, first, c.comm);
  msg.resize(len);
  MPI_Bcast(msg.data(), int(len), MPI_CHAR, first, c.comm);
  if (local) throw *local;
  throw dist::error_from(first, c.p, code, msg);
}

void set_max_message_bytes(std::uint64_t bytes) { g_max_message = std::clamp<std::uint64_t>(bytes, 1, INT_MAX); }
std::uint64_t max_message_bytes() { return g_max_message; }

void alltoallv_bytes(const comm_info& c, const void* send, std::span<const std::uint64_t> send_bytes, void* recv,
                     std::span<const std::uint64_t> recv_bytes) {
  std::vector<std::uint64_t> sd(c.p + 1, 0), rd(c.p + 1, 0);
  for (int i = 0; i < c.p; ++i) sd[i + 1] = sd[i] + send_bytes[i], rd[i + 1] = rd[i] + recv_bytes[i];
  // Every count and displacement must fit one int (MPI 3; OpenMPI 4 has no
  // MPI_Alltoallv_c): all processes agree on the path.
  std::uint64_t big = std::max(sd[c.p], rd[c.p]) > g_max_message ? 1 : 0;
  big = allreduce_u64(c, big, MPI_MAX);
  const auto* s = static_cast<const char*>(send);
  auto* r = static_cast<char*>(recv);
  if (!big) {
    std::vector<int> sc(c.p), sdi(c.p), rc(c.p), rdi(c.p);
    for (int i = 0; i < c.p; ++i)
      sc[i] = int(send_bytes[i]), sdi[i] = int(sd[i]), rc[i] = int(recv_bytes[i]), rdi[i] = int(rd[i]);
    check_mpi(MPI_Alltoallv(s, sc.data(), sdi.data(), MPI_BYTE, r, rc.data(), rdi.data(), MPI_BYTE, c.comm),
              "MPI_Alltoallv");
    return;
  }
  // Chunks of at most g_max_message bytes, point to point; messages of one
  // pair arrive in the order posted (MPI's non-overtaking rule).
  std::vector<MPI_Request> reqs;
  const int tag = 0x6f72;
  for (int pass = 0; pass < 2; ++pass)  // every receive posted first, then the sends
    for (int q = 0; q < c.p; ++q) {
      if (q == c.me) continue;
      const std::uint64_t bytes = pass ? send_bytes[q] : recv_bytes[q];
      for (std::uint64_t o = 0; o < bytes; o += g_max_message) {
        const int count = int(std::min(g_max_message, bytes - o));
        reqs.emplace_back();
        check_mpi(pass ? MPI_Isend(s + sd[q] + o, count, MPI_BYTE, q, tag, c.comm, &reqs.back())
                       : MPI_Irecv(r + rd[q] + o, count, MPI_BYTE, q, tag, c.comm, &reqs.back()),
                  pass ? "MPI_Isend" : "MPI_Irecv");
      }
    }
  if (send_bytes[c.me]) std::memcpy(r + rd[c.me], s + sd[c.me], send_bytes[c.me]);
  check_mpi(MPI_Waitall(int(reqs.size()), reqs.data(), MPI_STATUSES_IGNORE), "MPI_Waitall");
}

std::vector<std::uint64_t> allgather_u64(const comm_info& c, std::uint64_t mine) {
  std::vector<std::uint64_t> all(c.p);
  check_mpi(MPI_Allgather(&mine, 1, MPI_UINT64_T, all.data(), 1, MPI_UINT64_T, c.comm), "MPI_Allgather");
  return all;
}

std::uint64_t allreduce_u64(const comm_info& c, std::uint64_t mine, MPI_Op op) {
  std::uint64_t out = 0;
  check_mpi(MPI_Allreduce(&mine, &out, 1, MPI_UINT64_T, op, c.comm), "MPI_Allreduce");
  return out;
}

sorted_chunk exchange_sorted(const comm_info& c, std::span<const std::uint64_t> codes, std::span<payload> payloads,
                             partition_method how, int code_bits) {
  sorted_chunk s;
  const std::uint64_t n = codes.size();
  s.n_all = allgather_u64(c, n);
  for (auto v : s.n_all) s.n_total += v;

  // Local stable sort: tuple i is (sorted[i], me, perm[i]), ascending.
  std::vector<std::uint64_t> perm(n), sorted(n);
  ordo::sort_idx(cpu{}, codes, std::span<std::uint64_t>(perm), std::span<std::uint64_t>(sorted));

  std::vector<std::uint64_t> cut(c.p + 1, 0);
  cut[c.p] = n;
  if (how == partition_method::samples) {
    // Regular sample of the local tuples, gathered; p-1 evenly spaced
    // splitters from the sorted sample. Tuples are distinct, so a run of
    // equal codes is cut like any other run.
    const std::uint64_t want = std::min<std::uint64_t>(n, 16 * std::uint64_t(c.p));
    std::vector<tuple3> mine(want);
    for (std::uint64_t k = 0; k < want; ++k) {
      std::uint64_t i = ((2 * k + 1) * n) / (2 * want);
      mine[k] = {sorted[i], c.me, perm[i]};
    }
    auto counts = allgather_u64(c, want * sizeof(tuple3));
    std::vector<int> rc(c.p), rd(c.p);
    std::uint64_t total = 0;
    for (int q = 0; q < c.p; ++q) rc[q] = int(counts[q]), rd[q] = int(total), total += counts[q];
    std::vector<tuple3> all(total / sizeof(tuple3));
    check_mpi(MPI_Allgatherv(mine.data(), int(want * sizeof(tuple3)), MPI_BYTE, all.data(), rc.data(), rd.data(),
                             MPI_BYTE, c.comm),
              "MPI_Allgatherv");
    std::sort(all.begin(), all.end());
    for (int j = 1; j < c.p; ++j) {
      if (all.empty()) break;
      const tuple3 split = all[(std::uint64_t(j) * all.size()) / c.p];
      std::uint64_t lo = 0, hi = n;  // first local tuple not below split
      while (lo < hi) {
        std::uint64_t mid = lo + (hi - lo) / 2;
        if (tuple3{sorted[mid], c.me, perm[mid]} < split) lo = mid + 1;
        else hi = mid;
      }
      cut[j] = lo;
    }
  } else {
    auto bucket = [&](std::uint64_t code) {
      std::uint64_t top = code_bits >= 64 ? code : code << (64 - code_bits);
      return std::uint64_t((static_cast<unsigned __int128>(top) * unsigned(c.p)) >> 64);
    };
    for (int j = 1; j < c.p; ++j)
      cut[j] = std::uint64_t(std::partition_point(sorted.begin(), sorted.end(),
                                                  [&](std::uint64_t x) { return bucket(x) < std::uint64_t(j); }) -
                             sorted.begin());
  }
  for (int j = 1; j <= c.p; ++j) cut[j] = std::max(cut[j], cut[j - 1]);

  std::vector<std::uint64_t> send_cnt(c.p);
  for (int q = 0; q < c.p; ++q) send_cnt[q] = cut[q + 1] - cut[q];
  auto recv_cnt = alltoall_u64(c, send_cnt);
  std::uint64_t m = 0;
  for (auto v : recv_cnt) m += v;

  std::vector<std::uint64_t> rcode(m), ridx(m);
  exchange(c, sorted.data(), send_cnt, rcode.data(), recv_cnt, sizeof(std::uint64_t));
  exchange(c, perm.data(), send_cnt, ridx.data(), recv_cnt, sizeof(std::uint64_t));
  std::vector<std::vector<std::byte>> rpay(payloads.size());
  for (std::size_t k = 0; k < payloads.size(); ++k) {
    const std::size_t e = payloads[k].elem;
    std::vector<std::byte> buf(n * e);
    for (std::uint64_t i = 0; i < n; ++i) std::memcpy(buf.data() + i * e, payloads[k].in + perm[i] * e, e);
    rpay[k].resize(m * e);
    exchange(c, buf.data(), send_cnt, rpay[k].data(), recv_cnt, e);
  }
  std::vector<std::int64_t> rproc(m);
  for (std::uint64_t q = 0, i = 0; q < std::uint64_t(c.p); ++q)
    for (std::uint64_t k = 0; k < recv_cnt[q]; ++k) rproc[i++] = std::int64_t(q);

  // The received runs, in process order and each sorted by (code, index):
  // a stable sort by code gives the tuple order.
  std::vector<std::uint64_t> perm2(m);
  s.code.resize(m);
  ordo::sort_idx(cpu{}, std::span<const std::uint64_t>(rcode), std::span<std::uint64_t>(perm2),
                 std::span<std::uint64_t>(s.code));
  s.src_proc.resize(m);
  s.src_idx.resize(m);
  for (std::uint64_t i = 0; i < m; ++i) s.src_proc[i] = rproc[perm2[i]], s.src_idx[i] = ridx[perm2[i]];
  for (std::size_t k = 0; k < payloads.size(); ++k) {
    const std::size_t e = payloads[k].elem;
    payloads[k].out.resize(m * e);
    for (std::uint64_t i = 0; i < m; ++i) std::memcpy(payloads[k].out.data() + i * e, rpay[k].data() + perm2[i] * e, e);
  }
  auto m_all = allgather_u64(c, m);
  for (int q = 0; q < c.me; ++q) s.offset += m_all[q];
  return s;
}

void redistribute(const comm_info& c, const sorted_chunk& s, const std::byte* chunk_elems, std::size_t elem,
                  std::byte* out) {
  const std::uint64_t m = s.code.size();
  std::vector<std::uint64_t> send_cnt(c.p);
  std::uint64_t start = 0;
  for (int r = 0; r < c.p; ++r) {
    std::uint64_t lo = std::max(start, s.offset), hi = std::min(start + s.n_all[r], s.offset + m);
    send_cnt[r] = hi > lo ? hi - lo : 0;
    start += s.n_all[r];
  }
  auto recv_cnt = alltoall_u64(c, send_cnt);
  exchange(c, chunk_elems, send_cnt, out, recv_cnt, elem);
}

void return_home(const comm_info& c, const sorted_chunk& s, const std::byte* chunk_elems, std::size_t elem,
                 std::byte* out) {
  const std::uint64_t m = s.code.size();
  std::vector<std::uint64_t> send_cnt(c.p, 0), pos(c.p, 0);
  for (std::uint64_t i = 0; i < m; ++i) ++send_cnt[s.src_proc[i]];
  for (int q = 1; q < c.p; ++q) pos[q] = pos[q - 1] + send_cnt[q - 1];
  std::vector<std::uint64_t> idx(m);
  std::vector<std::byte> buf(m * elem);
  for (std::uint64_t i = 0; i < m; ++i) {
    std::uint64_t j = pos[s.src_proc[i]]++;
    idx[j] = s.src_idx[i];
    std::memcpy(buf.data() + j * elem, chunk_elems + i * elem, elem);
  }
  auto recv_cnt = alltoall_u64(c, send_cnt);
  std::uint64_t n = 0;
  for (auto v : recv_cnt) n += v;
  std::vector<std::uint64_t> ridx(n);
  std::vector<std::byte> rbuf(n * elem);
  exchange(c, idx.data(), send_cnt, ridx.data(), recv_cnt, sizeof(std::uint64_t));
  exchange(c, buf.data(), send_cnt, rbuf.data(), recv_cnt, elem);
  for (std::uint64_t i = 0; i < n; ++i) std::memcpy(out + ridx[i] * elem, rbuf.data() + i * elem, elem);
}

std::vector<double> rank_sorted_codes(const comm_info& c, std::span<const std::uint64_t> codes, rank_method method) {
  const std::uint64_t n = codes.size();
  std::vector<double> r(n);
  if (n) ordo::rank_sorted(cpu{}, codes, std::span<double>(r), rank_sorted_options{.method = method});
  // Every process's boundary (dist/tie_boundaries.hpp) places the local ranks.
  const dist::tie_boundary mine = dist::tie_boundary_of(codes);
  std::vector<dist::tie_boundary> all(c.p);
  check_mpi(MPI_Allgather(&mine, 6, MPI_UINT64_T, all.data(), 6, MPI_UINT64_T, c.comm), "MPI_Allgather");
  const dist::tie_placement t = dist::place_ties(all, c.me);
  for (std::uint64_t i = 0; i < n; ++i) r[i] = dist::placed_rank(t, method, i, r[i]);
  return r;
}

}  // namespace ordo::mpi_detail
