// One process per GPU on one host, for ordo::nccl's tests and benchmark and
// for small programs: the parent forks k children before any CUDA call (CUDA
// does not survive fork), child 0 makes the NCCL unique id and hands it to
// the others through pipes, child r takes GPU r and joins the communicator,
// runs the body and reports through its exit status; the parent waits and
// aggregates. No MPI needed.
//
//   int gpus = ordo::nccl_launch::visible_gpus();       // counted in a throwaway child
//   int bad = ordo::nccl_launch::run(k, [](const ordo::nccl_launch::context& c) {
//     ordo::nccl ex{c.comm, c.stream};
//     ...;
//     return 0;                                          // nonzero: this process failed
//   });
#pragma once
#include <cuda_runtime.h>
#include <nccl.h>
#include <omp.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <thread>
#include <vector>

namespace ordo::nccl_launch {

struct context {
  int rank = 0, size = 1;
  ncclComm_t comm = nullptr;
  cudaStream_t stream = nullptr;  // a stream of its own (non-blocking)
};

// The GPUs CUDA sees, asked in a child process so that the caller has not
// initialised CUDA when it forks; 0 without a driver or device.
inline int visible_gpus() {
  int fd[2];
  if (pipe(fd)) return 0;
  std::fflush(nullptr);
  const pid_t pid = ::fork();
  if (pid == 0) {
    close(fd[0]);
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) n = 0;
    if (write(fd[1], &n, sizeof n) != sizeof n) _exit(1);
    _exit(0);
  }
  close(fd[1]);
  int n = 0;
  if (pid < 0 || read(fd[0], &n, sizeof n) != sizeof n) n = 0;
  close(fd[0]);
  if (pid > 0) waitpid(pid, nullptr, 0);
  return n;
}

// Takes "--procs k" (or --procs=k) out of argv; 0 when absent.
inline int take_procs_arg(int& argc, char** argv) {
  int k = 0, out = 1;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--procs") && i + 1 < argc) k = std::atoi(argv[++i]);
    else if (!std::strncmp(argv[i], "--procs=", 8)) k = std::atoi(argv[i] + 8);
    else argv[out++] = argv[i];
  }
  argc = out;
  return k;
}

namespace detail {

inline bool ok(cudaError_t e, int rank, const char* what) {
  if (e == cudaSuccess) return true;
  std::fprintf(stderr, "[process %d] %s failed: %s\n", rank, what, cudaGetErrorString(e));
  return false;
}
inline bool ok(ncclResult_t e, int rank, const char* what) {
  if (e == ncclSuccess) return true;
  std::fprintf(stderr, "[process %d] %s failed: %s\n", rank, what, ncclGetErrorString(e));
  return false;
}

// A child's whole life: id, GPU, communicator, body. Never returns.
[[noreturn]] inline void child(int rank, int k, std::vector<int>& pipes,
                               const std::function<int(const context&)>& body) {
  ncclUniqueId id;
  if (rank == 0) {
    if (!ok(ncclGetUniqueId(&id), rank, "ncclGetUniqueId")) _exit(3);
    for (int q = 1; q < k; ++q)
      if (write(pipes[2 * q + 1], &id, sizeof id) != sizeof id) _exit(3);
  } else if (read(pipes[2 * rank], &id, sizeof id) != sizeof id) {
    std::fprintf(stderr, "[process %d] no NCCL id from process 0\n", rank);
    _exit(3);
  }
  for (int fd : pipes) close(fd);
  // The k processes share the host's cores: without OMP_NUM_THREADS, each
  // takes its share for the CPU work around the GPU's (ordo::cpu{} defaults
  // to omp_get_max_threads()). Every core per process, spinning in OpenMP's
  // waits and in cudaStreamSynchronize, slowed 2 processes on 32 cores to
  // far beyond the 1-process time. Line-buffered stdout: a run stopped by a
  // timeout still shows how far it got.
  if (!std::getenv("OMP_NUM_THREADS"))
    omp_set_num_threads(std::max(1, int(std::thread::hardware_concurrency()) / k));
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  context c;
  c.rank = rank;
  c.size = k;
  if (!ok(cudaSetDevice(rank), rank, "cudaSetDevice") ||
      !ok(cudaStreamCreateWithFlags(&c.stream, cudaStreamNonBlocking), rank, "cudaStreamCreate") ||
      !ok(ncclCommInitRank(&c.comm, k, id, rank), rank, "ncclCommInitRank"))
    _exit(3);
  int rc = 1;
  try {
    rc = body(c);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "[process %d] uncaught: %s\n", rank, e.what());
    rc = 2;
  }
  // A failed body may have left collectives pending: abort rather than
  // destroy, which would wait for them.
  if (rc == 0) ncclCommDestroy(c.comm);
  else ncclCommAbort(c.comm);
  cudaStreamDestroy(c.stream);
  std::fflush(nullptr);
  _exit(rc == 0 ? 0 : (rc > 255 ? 1 : rc));
}

}  // namespace detail

// Runs body on k GPUs (k <= visible_gpus()), one child process each.
// Returns how many children failed (nonzero exit, signal, or killed after
// `grace_s` seconds once another had failed: the rest may wait in NCCL).
inline int run(int k, const std::function<int(const context&)>& body, int grace_s = 30) {
  std::vector<int> pipes(2 * std::size_t(k), -1);
  for (int q = 1; q < k; ++q)
    if (pipe(&pipes[2 * q])) {
      std::perror("pipe");
      return k;
    }
  std::fflush(nullptr);
  std::vector<pid_t> pids;
  for (int r = 0; r < k; ++r) {
    const pid_t pid = ::fork();
    if (pid == 0) detail::child(r, k, pipes, body);
    if (pid < 0) {
      std::perror("fork");
      for (pid_t p : pids) kill(p, SIGKILL);
      for (pid_t p : pids) waitpid(p, nullptr, 0);
      return k;
    }
    pids.push_back(pid);
  }
  for (int fd : pipes)
    if (fd >= 0) close(fd);
  int failed = 0, left = k;
  auto deadline = std::chrono::steady_clock::time_point::max();
  while (left) {
    int st = 0;
    const pid_t pid = waitpid(-1, &st, WNOHANG);
    if (pid > 0) {
      --left;
      int r = 0;
      while (r < k && pids[r] != pid) ++r;
      if (r < k) pids[r] = -1;
      if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        ++failed;
        if (WIFSIGNALED(st)) std::fprintf(stderr, "[process %d] killed by signal %d\n", r, WTERMSIG(st));
        else std::fprintf(stderr, "[process %d] exited with status %d\n", r, WEXITSTATUS(st));
        if (deadline == std::chrono::steady_clock::time_point::max())
          deadline = std::chrono::steady_clock::now() + std::chrono::seconds(grace_s);
      }
      continue;
    }
    if (pid < 0) break;
    if (std::chrono::steady_clock::now() > deadline) {
      for (int r = 0; r < k; ++r)
        if (pids[r] > 0) {
          std::fprintf(stderr, "[process %d] still running %d s after a failure: killed\n", r, grace_s);
          kill(pids[r], SIGKILL);
        }
      deadline = std::chrono::steady_clock::time_point::max();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return failed;
}

}  // namespace ordo::nccl_launch
