// ordo::nccl's transport (nccl_comm.hpp): NCCL and CUDA calls checked into
// ordo::error, the host-visible collectives, the agreement on local checks
// and the one grouped exchange.
#include "nccl_comm.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "ordo/device_buffer.hpp"
#include "ordo/nccl.hpp"

namespace ordo::nccl_detail {

namespace {
phase_log* g_log = nullptr;
}

void check_nccl(ncclResult_t rc, const char* what) {
  if (rc != ncclSuccess)
    throw error(errc::cuda_error, std::string("nccl: ") + what + " failed: " + ncclGetErrorString(rc));
}

void check_cuda(cudaError_t rc, const char* what) {
  if (rc != cudaSuccess)
    throw error(rc == cudaErrorMemoryAllocation ? errc::out_of_memory : errc::cuda_error,
                std::string("nccl: ") + what + " failed: " + cudaGetErrorString(rc));
}

comm_info::comm_info(const nccl& ex) : comm(ex.comm), stream(ex.stream), exec{ex.stream, ex.mr} {
  if (!comm) throw error(errc::invalid_argument, "ordo::nccl: the communicator is null");
  check_nccl(ncclCommUserRank(comm, &me), "ncclCommUserRank");
  check_nccl(ncclCommCount(comm, &p), "ncclCommCount");
}

std::vector<std::uint64_t> allgather_u64(const comm_info& c, std::span<const std::uint64_t> mine) {
  const std::size_t k = mine.size();
  std::vector<std::uint64_t> all(k * std::size_t(c.p));
  if (!k) return all;
  device_buffer<std::uint64_t> d_mine(c.exec, k), d_all(c.exec, all.size());
  check_cuda(cudaMemcpyAsync(d_mine.data(), mine.data(), k * 8, cudaMemcpyHostToDevice, c.stream), "cudaMemcpyAsync");
  check_nccl(ncclAllGather(d_mine.data(), d_all.data(), k, ncclUint64, c.comm, c.stream), "ncclAllGather");
  check_cuda(cudaMemcpyAsync(all.data(), d_all.data(), all.size() * 8, cudaMemcpyDeviceToHost, c.stream),
             "cudaMemcpyAsync");
  check_cuda(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");
  return all;
}

void agree(const nccl& ex, const error* local) {
  const comm_info c(ex);
  // The first failing process: an ncclMin over (me if failed, else p).
  device_buffer<int> first_d(c.exec, 1);
  const int mine = local ? c.me : c.p;
  int first = c.p;
  check_cuda(cudaMemcpyAsync(first_d.data(), &mine, sizeof(int), cudaMemcpyHostToDevice, c.stream), "cudaMemcpyAsync");
  check_nccl(ncclAllReduce(first_d.data(), first_d.data(), 1, ncclInt32, ncclMin, c.comm, c.stream), "ncclAllReduce");
  check_cuda(cudaMemcpyAsync(&first, first_d.data(), sizeof(int), cudaMemcpyDeviceToHost, c.stream), "cudaMemcpyAsync");
  check_cuda(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");
  if (first == c.p) return;
  // Its error code and message: one broadcast of a fixed-size record
  // (messages past it are cut).
  struct record {
    int code;
    char msg[1020];
  } rec{};
  if (c.me == first) {
    rec.code = int(local->code());
    const std::string m = dist::message_of(*local);
    std::memcpy(rec.msg, m.data(), std::min(m.size(), sizeof(rec.msg) - 1));
  }
  device_buffer<record> rec_d(c.exec, 1);
  check_cuda(cudaMemcpyAsync(rec_d.data(), &rec, sizeof(rec), cudaMemcpyHostToDevice, c.stream), "cudaMemcpyAsync");
  check_nccl(ncclBroadcast(rec_d.data(), rec_d.data(), sizeof(rec), ncclUint8, first, c.comm, c.stream),
             "ncclBroadcast");
  check_cuda(cudaMemcpyAsync(&rec, rec_d.data(), sizeof(rec), cudaMemcpyDeviceToHost, c.stream), "cudaMemcpyAsync");
  check_cuda(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");
  if (local) throw *local;
  rec.msg[sizeof(rec.msg) - 1] = 0;
  throw dist::error_from(first, c.p, rec.code, rec.msg);
}

void exchange(const comm_info& c, std::span<const moved> arrays, std::span<const std::uint64_t> send_cnt,
              std::span<const std::uint64_t> recv_cnt) {
  std::vector<std::uint64_t> sd(c.p + 1, 0), rd(c.p + 1, 0);
  for (int q = 0; q < c.p; ++q) sd[q + 1] = sd[q] + send_cnt[q], rd[q + 1] = rd[q] + recv_cnt[q];
  for (const moved& a : arrays)
    if (send_cnt[c.me] && !a.self_done)
      check_cuda(cudaMemcpyAsync(static_cast<char*>(a.recv) + rd[c.me] * a.elem,
                                 static_cast<const char*>(a.send) + sd[c.me] * a.elem, send_cnt[c.me] * a.elem,
                                 cudaMemcpyDeviceToDevice, c.stream),
                 "cudaMemcpyAsync");
  if (c.p == 1) return;
  // Both sides know every count (the counts were gathered), so a pair with
  // nothing to move posts nothing on either side.
  check_nccl(ncclGroupStart(), "ncclGroupStart");
  for (const moved& a : arrays)
    for (int q = 0; q < c.p; ++q) {
      if (q == c.me) continue;
      if (send_cnt[q])
        check_nccl(ncclSend(static_cast<const char*>(a.send) + sd[q] * a.elem, send_cnt[q] * a.elem, ncclUint8, q,
                            c.comm, c.stream),
                   "ncclSend");
      if (recv_cnt[q])
        check_nccl(ncclRecv(static_cast<char*>(a.recv) + rd[q] * a.elem, recv_cnt[q] * a.elem, ncclUint8, q, c.comm,
                            c.stream),
                   "ncclRecv");
    }
  check_nccl(ncclGroupEnd(), "ncclGroupEnd");
}

void set_phase_log(phase_log* log) { g_log = log; }

phase_timer::phase_timer(const comm_info& c) : stream_(c.stream), on_(g_log != nullptr) {
  if (on_) *g_log = phase_log{};
}

phase_timer::~phase_timer() {
  for (int i = 0; i < used_; ++i) cudaEventDestroy(ev_[i]);
}

void phase_timer::mark(int next) {
  if (!on_ || used_ == max_marks) return;
  check_cuda(cudaEventCreate(&ev_[used_]), "cudaEventCreate");
  check_cuda(cudaEventRecord(ev_[used_], stream_), "cudaEventRecord");
  phase_[used_++] = next;
}

void phase_timer::done(std::uint64_t received) {
  if (!on_) return;
  mark(phase::count);
  check_cuda(cudaEventSynchronize(ev_[used_ - 1]), "cudaEventSynchronize");
  for (int i = 0; i + 1 < used_; ++i) {
    float ms = 0;
    check_cuda(cudaEventElapsedTime(&ms, ev_[i], ev_[i + 1]), "cudaEventElapsedTime");
    if (phase_[i] < phase::count) g_log->ms[phase_[i]] += ms;
  }
  g_log->received = received;
}

}  // namespace ordo::nccl_detail
