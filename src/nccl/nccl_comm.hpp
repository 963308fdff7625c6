// ordo::nccl's host side of the transport (nccl_comm.cpp): the communicator's
// shape, small collectives whose results the host needs, and the grouped
// ncclSend/ncclRecv exchange. Every call is ordered on the caller's stream.
#pragma once
#include <cuda_runtime.h>
#include <nccl.h>

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "ordo/execution.hpp"

namespace ordo {
struct nccl;
}

namespace ordo::nccl_detail {

void check_nccl(ncclResult_t rc, const char* what);
void check_cuda(cudaError_t rc, const char* what);

struct comm_info {
  ncclComm_t comm;
  cudaStream_t stream;
  cuda exec;  // the same stream and resource, for ordo::cuda calls and device_buffer
  int me = 0, p = 1;
  explicit comm_info(const nccl& ex);
};

// Every process's `count` words (host in, host out: p * count words, process
// order). Waits for the stream.
std::vector<std::uint64_t> allgather_u64(const comm_info& c, std::span<const std::uint64_t> mine);

// One array moved by an exchange: elem bytes per element, elements grouped
// by peer in process order on both sides.
struct moved {
  const void* send;
  void* recv;
  std::size_t elem;
  bool self_done = false;  // the caller placed this process's own part already
};

// One grouped ncclSend/ncclRecv of every array (the self part by
// cudaMemcpyAsync); counts in elements per peer. Asynchronous on the stream.
void exchange(const comm_info& c, std::span<const moved> arrays, std::span<const std::uint64_t> send_cnt,
              std::span<const std::uint64_t> recv_cnt);

// The events of set_phase_log's timing (no-ops without a log).
class phase_timer {
 public:
  explicit phase_timer(const comm_info& c);
  phase_timer(const comm_info& c, int first) : phase_timer(c) { mark(first); }  // and starts phase `first`
  ~phase_timer();
  void mark(int next);  // ends the running phase (if any), starts phase `next`
  void done(std::uint64_t received);  // ends the last phase, waits, writes the log
 private:
  cudaStream_t stream_;
  static constexpr int max_marks = 12;
  cudaEvent_t ev_[max_marks] = {};
  int phase_[max_marks] = {};
  int used_ = 0;
  bool on_ = false;
};

}  // namespace ordo::nccl_detail
