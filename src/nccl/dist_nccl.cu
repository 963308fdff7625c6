// ordo::nccl's GPU core (include/ordo/nccl/dist_core.hpp), compiled once per
// code width: a sample sort over NCCL with every element kept in device
// memory. docs/algorithms.md ("Distributed sort and rank on GPUs") explains
// the steps; the host only computes splitters and counts, and places ranks
// with the transport-free arithmetic of dist/tie_boundaries.hpp.
#include <cub/device/device_radix_sort.cuh>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "nccl/dist_kernels.cuh"
#include "nccl_comm.hpp"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/device_buffer.hpp"
#include "ordo/dist/tie_boundaries.hpp"
#include "ordo/nccl.hpp"
#include "ordo/primitives.hpp"

namespace ordo::nccl_detail {
namespace {

using namespace kernels;  // dist_kernels.cuh, and its u64
template <class T>
using dbuf = device_buffer<T>;

constexpr int block = 256;
// Sampled tuples per process (p > 1): the splitters' quantiles then err by
// about 0.5 / sqrt(p * 8192) of the total, under 1% of a share up to p = 8.
constexpr std::uint64_t samples_per_process = 8192;
unsigned grid_for(u64 n) { return unsigned(std::clamp<u64>((n + block - 1) / block, 1, 8192)); }

// ---- launches -------------------------------------------------------------------

#define ORDO_NCCL_LAUNCH(kernel, n, stream, ...)                      \
  do {                                                                \
    kernel<<<grid_for(n), block, 0, stream>>>(__VA_ARGS__);           \
    ORDO_CUDA_LAUNCH_CHECK(#kernel);                                  \
  } while (0)


// out[i] = in[idx[i]] (or out[idx[i]] = in[i]) for elements of 4, 8 or 16 bytes.
void permute_bytes(const comm_info& c, const void* in, const u64* idx, u64 n, std::size_t elem, void* out,
                   bool scatter) {
  if (!n) return;
  auto run = [&](auto word) {
    using W = decltype(word);
    if (scatter) ORDO_NCCL_LAUNCH(scatter_kernel<W>, n, c.stream, static_cast<const W*>(in), idx, n, static_cast<W*>(out));
    else ORDO_NCCL_LAUNCH(gather_kernel<W>, n, c.stream, static_cast<const W*>(in), idx, n, static_cast<W*>(out));
  };
  if (elem == 4) run(std::uint32_t{});
  else if (elem == 8) run(std::uint64_t{});
  else run(global_index{});
}

dbuf<u64> iota(const comm_info& c, u64 n) {
  dbuf<u64> b(c.exec, n);
  if (n) ORDO_NCCL_LAUNCH(iota_kernel, n, c.stream, b.data(), n);
  return b;
}

// CUB's stable LSD radix sort (all code bits), scratch from the caller's resource.
template <class K, class V>
void sort_pairs(const comm_info& c, const K* kin, K* kout, const V* vin, V* vout, u64 n) {
  if (!n) return;
  std::size_t bytes = 0;
  check_cuda(cub::DeviceRadixSort::SortPairs(nullptr, bytes, kin, kout, vin, vout, std::int64_t(n), 0,
                                             int(sizeof(K) * 8), c.stream),
             "cub::DeviceRadixSort::SortPairs");
  dbuf<unsigned char> temp(c.exec, bytes);
  check_cuda(cub::DeviceRadixSort::SortPairs(temp.data(), bytes, kin, kout, vin, vout, std::int64_t(n), 0,
                                             int(sizeof(K) * 8), c.stream),
             "cub::DeviceRadixSort::SortPairs");
}

template <class K>
void sort_keys(const comm_info& c, const K* kin, K* kout, u64 n) {
  if (!n) return;
  std::size_t bytes = 0;
  check_cuda(cub::DeviceRadixSort::SortKeys(nullptr, bytes, kin, kout, std::int64_t(n), 0, int(sizeof(K) * 8),
                                            c.stream),
             "cub::DeviceRadixSort::SortKeys");
  dbuf<unsigned char> temp(c.exec, bytes);
  check_cuda(cub::DeviceRadixSort::SortKeys(temp.data(), bytes, kin, kout, std::int64_t(n), 0, int(sizeof(K) * 8),
                                            c.stream),
             "cub::DeviceRadixSort::SortKeys");
}

template <class K>
void sort_pairs_bytes(const comm_info& c, const K* kin, K* kout, const void* vin, void* vout, u64 n, std::size_t elem) {
  if (elem == 4)
    sort_pairs(c, kin, kout, static_cast<const std::uint32_t*>(vin), static_cast<std::uint32_t*>(vout), n);
  else
    sort_pairs(c, kin, kout, static_cast<const std::uint64_t*>(vin), static_cast<std::uint64_t*>(vout), n);
}

// Sorts (code, payloads...) by code: by pairs with the one payload, or by
// (code, position) pairs and gathers when the position is wanted or several
// payloads travel. Returns the positions (empty unless used).
template <class Code>
dbuf<u64> sort_with(const comm_info& c, const Code* in, Code* out, u64 n, std::vector<dbuf<std::byte>>& pays,
                    const std::vector<std::size_t>& elems, bool want_pos) {
  if (want_pos || pays.size() > 1) {
    dbuf<u64> idx = iota(c, n), pos(c.exec, n);
    sort_pairs(c, in, out, idx.data(), pos.data(), n);
    for (std::size_t k = 0; k < pays.size(); ++k) {
      dbuf<std::byte> g(c.exec, n * elems[k]);
      permute_bytes(c, pays[k].data(), pos.data(), n, elems[k], g.data(), false);
      pays[k] = std::move(g);
    }
    return pos;
  }
  if (pays.size() == 1) {
    dbuf<std::byte> g(c.exec, n * elems[0]);
    sort_pairs_bytes(c, in, out, pays[0].data(), g.data(), n, elems[0]);
    pays[0] = std::move(g);
  } else {
    sort_keys(c, in, out, n);
  }
  return {};
}

template <class T>
dbuf<T> upload(const comm_info& c, const std::vector<T>& h) {
  dbuf<T> d(c.exec, h.size());
  if (!h.empty())
    check_cuda(cudaMemcpyAsync(d.data(), h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice, c.stream),
               "cudaMemcpyAsync");
  return d;
}

template <class T>
std::vector<T> download(const comm_info& c, const T* d, std::size_t n) {
  std::vector<T> h(n);
  if (n) check_cuda(cudaMemcpyAsync(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost, c.stream), "cudaMemcpyAsync");
  check_cuda(cudaStreamSynchronize(c.stream), "cudaStreamSynchronize");
  return h;
}

std::vector<u64> prefix(const std::vector<u64>& v) {
  std::vector<u64> s(v.size() + 1, 0);
  for (std::size_t i = 0; i < v.size(); ++i) s[i + 1] = s[i] + v[i];
  return s;
}

// ---- the sample sort ------------------------------------------------------------

// ORDO_NCCL_STEP_TRACE=1: each step waits for the stream and prints its wall
// time on stderr (a diagnosis aid: the waits change the timing it shows).
class step_trace {
 public:
  explicit step_trace(const comm_info& c) : c_(c), on_(std::getenv("ORDO_NCCL_STEP_TRACE") != nullptr) {
    if (on_) lap("start");
  }
  void lap(const char* what) {
    if (!on_) return;
    check_cuda(cudaStreamSynchronize(c_.stream), "cudaStreamSynchronize");
    const auto now = std::chrono::steady_clock::now();
    if (std::string(what) != "start")
      std::fprintf(stderr, "[nccl %d/%d] %-14s %8.3f ms\n", c_.me, c_.p, what,
                   std::chrono::duration<double, std::milli>(now - t_).count());
    t_ = now;
  }

 private:
  const comm_info& c_;
  bool on_;
  std::chrono::steady_clock::time_point t_;
};

struct wants {
  bool send_index = false;  // sort_idx: local indices travel with the codes
  bool local_perm = false;  // rank: keep the local sort's permutation (the way home)
  bool positions = false;   // keep each chunk element's receive position
  bool sort_chunk = true;   // false: the chunk stays in receive order (rank ranks it unsorted)
};

// After exchange_sorted: this process's piece of the global order of the
// tuples (code, process, index).
template <class Code>
struct chunk {
  dbuf<Code> code;                    // m codes, ascending
  std::vector<dbuf<std::byte>> pay;   // the payloads, chunk order
  dbuf<u64> pos;                      // receive position of each (wants.positions)
  dbuf<u64> src_idx;                  // local index at its process (wants.send_index)
  dbuf<u64> local_perm;               // input index of each locally sorted element (wants.local_perm)
  std::vector<u64> send_cnt, recv_cnt;  // of the exchange, per peer
  std::vector<u64> n_all, m_all;      // every process's input and chunk sizes
  u64 m = 0, n_total = 0;
};

struct payload_in {
  const void* data;
  std::size_t elem;
};

// Step 2's stable split of every array by the process its elements go to:
// ordo::split by a byte, so at most 256 processes (exchange_sorted checks).
class partition {
 public:
  partition(const comm_info& c, u64 n) : c_(c), n_(n), counts_(c.p, 0) { counts_[c.me] = n; }

  // The processes of the codes' tuples (codes[i], me, i) below, between and
  // above the splitters.
  template <class Code>
  void assign(const Code* codes, const std::vector<sample>& split) {
    if (!n_ || split.empty()) return;  // p == 1, or nothing sampled anywhere: all stay
    const auto d_split = upload(c_, split);
    bucket_ = dbuf<std::uint8_t>(c_.exec, n_);
    off_ = dbuf<u64>(c_.exec, u64(c_.p) + 1);
    ORDO_NCCL_LAUNCH(bucket_kernel<Code>, n_, c_.stream, codes, n_, u64(c_.me), d_split.data(), int(split.size()),
                     bucket_.data());
  }

  // out = in (n elements of 4 or 8 bytes) split by process.
  void move(const void* in, void* out, std::size_t elem) {
    if (!n_) return;
    if (!bucket_.size()) {
      check_cuda(cudaMemcpyAsync(out, in, n_ * elem, cudaMemcpyDeviceToDevice, c_.stream), "cudaMemcpyAsync");
      return;
    }
    // Two processes: the buckets are flags, and the split by flags is the
    // faster of ordo::split's two paths (its count is the zeros).
    auto run = [&](auto word) {
      using W = decltype(word);
      const std::span<const W> from(static_cast<const W*>(in), n_);
      const std::span<W> to(static_cast<W*>(out), n_);
      if (c_.p == 2) ordo::split(c_.exec, from, bucket_.span(), to, off_.span().first(1));
      else ordo::split(c_.exec, from, bucket_.span(), unsigned(c_.p), to, off_.span());
    };
    if (elem == 4) run(std::uint32_t{});
    else run(std::uint64_t{});
    if (!counted_) {  // every split has the same offsets: the first one's are the counts
      const auto h = download(c_, off_.data(), u64(c_.p) + 1);
      if (c_.p == 2) counts_ = {h[0], n_ - h[0]};
      else
        for (int q = 0; q < c_.p; ++q) counts_[q] = h[q + 1] - h[q];
      counted_ = true;
    }
  }

  // The input index of each split element.
  dbuf<u64> input_index() {
    dbuf<u64> idx = iota(c_, n_), out(c_.exec, n_);
    move(idx.data(), out.data(), sizeof(u64));
    return out;
  }

  // Elements per process (once one move has counted them).
  const std::vector<u64>& counts() const { return counts_; }

 private:
  const comm_info& c_;
  u64 n_;
  std::vector<u64> counts_;
  dbuf<std::uint8_t> bucket_;
  dbuf<u64> off_;
  bool counted_ = false;
};

// A second stream for work beside the caller's: it starts after the
// caller's stream's work so far; join() (and the destructor) make the
// caller's stream wait for it.
class side_stream {
 public:
  explicit side_stream(const comm_info& c) : c_(c), info(c) {
    check_cuda(cudaStreamCreateWithFlags(&s_, cudaStreamNonBlocking), "cudaStreamCreateWithFlags");
    check_cuda(cudaEventCreateWithFlags(&ev_, cudaEventDisableTiming), "cudaEventCreateWithFlags");
    info.stream = s_;
    info.exec = cuda{s_, c.exec.mr};
    check_cuda(cudaEventRecord(ev_, c.stream), "cudaEventRecord");
    check_cuda(cudaStreamWaitEvent(s_, ev_, 0), "cudaStreamWaitEvent");
  }
  void join() {
    if (joined_) return;
    joined_ = true;
    check_cuda(cudaEventRecord(ev_, s_), "cudaEventRecord");
    check_cuda(cudaStreamWaitEvent(c_.stream, ev_, 0), "cudaStreamWaitEvent");
  }
  ~side_stream() {
    if (!joined_ && cudaEventRecord(ev_, s_) == cudaSuccess) cudaStreamWaitEvent(c_.stream, ev_, 0);
    cudaEventDestroy(ev_);
    cudaStreamDestroy(s_);  // returns at once; its work completes first
  }
  side_stream(const side_stream&) = delete;
  side_stream& operator=(const side_stream&) = delete;

 private:
  const comm_info& c_;
  cudaStream_t s_ = nullptr;
  cudaEvent_t ev_ = nullptr;
  bool joined_ = false;

 public:
  comm_info info;  // the side stream's (stream and exec)
};

// A run of codes with at most one payload (eb bytes an element, 0: none),
// sorted stably by code.
template <class Code>
void sort_run(const comm_info& c, const Code* in, Code* out, const std::byte* pin, std::byte* pout, u64 n,
              std::size_t eb) {
  if (eb) sort_pairs_bytes(c, in, out, pin, pout, n, eb);
  else sort_keys(c, in, out, n);
}

// out = a then b merged stably (a's first on ties), with their payloads.
template <class Code>
void merge_runs(const comm_info& c, const Code* a, const std::byte* ap, u64 na, const Code* b, const std::byte* bp,
                u64 nb, Code* out, std::byte* outp, std::size_t eb) {
  const std::span<const Code> ka(a, na), kb(b, nb);
  const std::span<Code> ko(out, na + nb);
  auto run = [&](auto word) {
    using W = decltype(word);
    ordo::merge(c.exec, ka, std::span<const W>(reinterpret_cast<const W*>(ap), na), kb,
                std::span<const W>(reinterpret_cast<const W*>(bp), nb), ko,
                std::span<W>(reinterpret_cast<W*>(outp), na + nb), ordo::less{});
  };
  if (!eb) ordo::merge(c.exec, ka, kb, ko, ordo::less{});
  else if (eb == 4) run(std::uint32_t{});
  else run(std::uint64_t{});
}

// Steps (4) and (5) of a sort with at most one payload and no positions:
// this process's own run sorts on a second stream while the others' runs
// arrive; those then sort (the runs from lower and from higher processes
// apart) and stable merges join the three in tuple order: lower, own, higher.
// The exchange's time is hidden behind a sort of the own run, for two merges
// (one when p == 2) over the chunk.
template <class Code>
void exchange_overlapped(const comm_info& c, phase_timer& timer, chunk<Code>& s, const Code* parted,
                         const std::byte* pay, std::size_t eb) {
  const int me = c.me;
  const auto sd = prefix(s.send_cnt), rd = prefix(s.recv_cnt);
  const u64 own = s.send_cnt[me], lower = rd[me], upper = s.m - rd[me] - own;
  dbuf<Code> own_sorted(c.exec, own);
  dbuf<std::byte> own_pay(c.exec, own * eb);
  {
    side_stream side(c);
    sort_run(side.info, parted + sd[me], own_sorted.data(), pay ? pay + sd[me] * eb : nullptr, own_pay.data(), own,
             eb);
    // The others' runs land around a hole where the own run would be.
    timer.mark(phase::exchange);
    dbuf<Code> rcode(c.exec, s.m);
    dbuf<std::byte> rpay(c.exec, s.m * eb);
    std::vector<moved> arrays{{parted, rcode.data(), sizeof(Code), true}};
    if (eb) arrays.push_back({pay, rpay.data(), eb, true});
    exchange(c, arrays, s.send_cnt, s.recv_cnt);
    timer.mark(phase::final_sort);
    dbuf<Code> lo(c.exec, lower), hi(c.exec, upper);
    dbuf<std::byte> lo_pay(c.exec, lower * eb), hi_pay(c.exec, upper * eb);
    sort_run(c, rcode.data(), lo.data(), rpay.data(), lo_pay.data(), lower, eb);
    sort_run(c, rcode.data() + rd[me] + own, hi.data(), rpay.data() + (rd[me] + own) * eb, hi_pay.data(), upper, eb);
    side.join();
    s.code = dbuf<Code>(c.exec, s.m);
    s.pay.clear();
    if (eb) s.pay.emplace_back(c.exec, s.m * eb);
    std::byte* out_pay = eb ? s.pay[0].data() : nullptr;
    if (!lower || !upper) {
      const bool first_own = !lower;
      merge_runs(c, first_own ? own_sorted.data() : lo.data(), first_own ? own_pay.data() : lo_pay.data(),
                 first_own ? own : lower, first_own ? hi.data() : own_sorted.data(),
                 first_own ? hi_pay.data() : own_pay.data(), first_own ? upper : own, s.code.data(), out_pay, eb);
    } else {
      dbuf<Code> t(c.exec, lower + own);
      dbuf<std::byte> t_pay(c.exec, (lower + own) * eb);
      merge_runs(c, lo.data(), lo_pay.data(), lower, own_sorted.data(), own_pay.data(), own, t.data(), t_pay.data(),
                 eb);
      merge_runs(c, t.data(), t_pay.data(), lower + own, hi.data(), hi_pay.data(), upper, s.code.data(), out_pay, eb);
    }
  }
}

// codes: the n order codes, in owned or (owned empty) the caller's, read only.
template <class Code, class CheckTotal>
chunk<Code> exchange_sorted(const comm_info& c, phase_timer& timer, const Code* codes, dbuf<Code> owned, u64 n,
                            const std::vector<payload_in>& pays_in, wants w, CheckTotal&& check_total) {
  chunk<Code> s;
  if (c.p > 256)  // the same p on every process: all throw
    throw error(errc::not_supported, "ordo::nccl: sort, sort_idx and rank split over at most 256 processes; this "
                                     "communicator has " + std::to_string(c.p));
  // (1) A sample of every process's tuples (code, me, input index), gathered
  // with the sizes: [n, s samples] per process; p-1 splitters on the host.
  timer.mark(phase::splitters);
  step_trace tr(c);
  const u64 s_per = c.p > 1 ? samples_per_process : 0;
  std::vector<u64> mine(1 + 3 * s_per);
  mine[0] = n;
  if (s_per) {
    dbuf<sample> smp(c.exec, s_per);
    ORDO_NCCL_LAUNCH(sample_kernel<Code>, s_per, c.stream, codes, n, s_per, u64(c.me), smp.data());
    auto h = download(c, smp.data(), s_per);
    std::copy_n(reinterpret_cast<const u64*>(h.data()), 3 * s_per, mine.begin() + 1);
  }
  tr.lap("sample");
  const auto gathered = allgather_u64(c, mine);
  tr.lap("allgather");
  std::vector<sample> all;
  for (int q = 0; q < c.p; ++q) {
    const u64* b = gathered.data() + std::size_t(q) * mine.size();
    s.n_all.push_back(b[0]);
    for (u64 k = 0; k < s_per; ++k)
      if (b[1 + 3 * k + 1] != no_sample) all.push_back(sample{b[1 + 3 * k], b[1 + 3 * k + 1], b[1 + 3 * k + 2]});
  }
  for (u64 v : s.n_all) s.n_total += v;
  check_total(s.n_total);  // the same on every process: all throw or none
  // The j * S / p-th smallest of the S samples, j = 1 .. p-1: a selection
  // each (a sort of p * 8192 tuples took 2 ms of the host, on the critical path).
  auto below = [](const sample& a, const sample& b) {
    return a.code != b.code ? a.code < b.code : a.proc != b.proc ? a.proc < b.proc : a.pos < b.pos;
  };
  std::vector<sample> split;
  if (c.p > 1 && !all.empty()) {
    auto from = all.begin();
    for (int j = 1; j < c.p; ++j) {
      const auto at = all.begin() + std::ptrdiff_t((u64(j) * all.size()) / u64(c.p));
      std::nth_element(from, at, all.end(), below);
      split.push_back(*at);
      from = at;
    }
  }

  // (2) Each tuple's process, and every array split by it, stably: the run
  // for process q holds its tuples in input order (docs/algorithms.md).
  tr.lap("host splitters");
  timer.mark(phase::split);
  partition part(c, n);
  part.assign(codes, split);
  tr.lap("buckets");
  dbuf<Code> parted;  // one process: the codes stay where they are
  if (c.p > 1) {
    parted = dbuf<Code>(c.exec, n);
    part.move(codes, parted.data(), sizeof(Code));
    owned = dbuf<Code>();
  }
  std::vector<std::size_t> elems;
  std::vector<dbuf<std::byte>> pays;  // the payloads split
  for (const auto& p : pays_in) {
    elems.push_back(p.elem);
    pays.emplace_back(c.exec, n * p.elem);
    part.move(p.data, pays.back().data(), p.elem);
  }
  s.send_cnt = part.counts();
  tr.lap("split arrays");
  dbuf<u64> perm;
  if (w.local_perm || w.send_index) perm = part.input_index();
  // (3) The send counts of every process: a p x p matrix on every host.
  const auto matrix = allgather_u64(c, s.send_cnt);
  s.recv_cnt.resize(c.p);
  s.m_all.assign(c.p, 0);
  for (int q = 0; q < c.p; ++q)
    for (int r = 0; r < c.p; ++r) s.m_all[r] += matrix[std::size_t(q) * c.p + r];
  for (int q = 0; q < c.p; ++q) s.recv_cnt[q] = matrix[std::size_t(q) * c.p + c.me];
  s.m = s.m_all[c.me];
  tr.lap("counts");

  // (4, 5) A sort's: the exchange beside a sort of the own run.
  if (c.p > 1 && w.sort_chunk && !w.positions && !w.send_index && !w.local_perm && pays.size() <= 1) {
    exchange_overlapped(c, timer, s, parted.data(), pays.empty() ? nullptr : pays[0].data(),
                        pays.empty() ? 0 : elems[0]);
    tr.lap("overlapped");
    return s;
  }
  // (4) One grouped exchange of codes, payloads and (sort_idx) indices.
  timer.mark(phase::exchange);
  // One process: the codes are the chunk (the payloads are copied).
  dbuf<Code> rcode(c.exec, c.p > 1 ? s.m : 0);
  const Code* chunk_codes = c.p > 1 ? rcode.data() : codes;
  std::vector<dbuf<std::byte>> rpay;
  std::vector<moved> arrays;
  if (c.p > 1) arrays.push_back({parted.data(), rcode.data(), sizeof(Code)});
  for (std::size_t k = 0; k < pays.size(); ++k) {
    rpay.emplace_back(c.exec, s.m * elems[k]);
    arrays.push_back({pays[k].data(), rpay.back().data(), elems[k]});
  }
  dbuf<u64> ridx(c.exec, w.send_index ? s.m : 0);
  if (w.send_index) arrays.push_back({perm.data(), ridx.data(), sizeof(u64)});
  exchange(c, arrays, s.send_cnt, s.recv_cnt);
  tr.lap("exchange");
  parted = dbuf<Code>();
  pays.clear();
  if (w.local_perm) s.local_perm = std::move(perm);
  perm = dbuf<u64>();

  if (!w.sort_chunk) {
    if (c.p > 1) s.code = std::move(rcode);
    else if (owned.size()) s.code = std::move(owned);
    else {
      s.code = dbuf<Code>(c.exec, n);
      if (n) check_cuda(cudaMemcpyAsync(s.code.data(), codes, n * sizeof(Code), cudaMemcpyDeviceToDevice, c.stream),
                        "cudaMemcpyAsync");
    }
    s.pay = std::move(rpay);
    return s;
  }
  // (5) The runs arrived in process order, each in input order: a stable
  // sort by code gives the tuple order (code, process, input index).
  timer.mark(phase::final_sort);
  s.code = dbuf<Code>(c.exec, s.m);
  s.pos = sort_with(c, chunk_codes, s.code.data(), s.m, rpay, elems, w.positions || w.send_index);
  if (w.send_index) {
    s.src_idx = dbuf<u64>(c.exec, s.m);
    permute_bytes(c, ridx.data(), s.pos.data(), s.m, sizeof(u64), s.src_idx.data(), false);
  }
  s.pay = std::move(rpay);
  tr.lap("final sort");
  return s;
}

// Process r's share of the global order: positions [N_r, N_r + n_r). Who
// sends how many to whom follows from the sizes alone.
void home_counts(const comm_info& c, const std::vector<u64>& n_all, const std::vector<u64>& m_all,
                 std::vector<u64>& send_cnt, std::vector<u64>& recv_cnt) {
  const auto N = prefix(n_all), M = prefix(m_all);
  auto overlap = [](u64 a0, u64 a1, u64 b0, u64 b1) { return std::max(a0, b0) < std::min(a1, b1) ? std::min(a1, b1) - std::max(a0, b0) : u64(0); };
  send_cnt.assign(c.p, 0);
  recv_cnt.assign(c.p, 0);
  for (int r = 0; r < c.p; ++r) {
    send_cnt[r] = overlap(M[c.me], M[c.me + 1], N[r], N[r + 1]);
    recv_cnt[r] = overlap(M[r], M[r + 1], N[c.me], N[c.me + 1]);
  }
}

auto no_total_check = [](u64) {};

// ---- ranks of a sorted distributed array ---------------------------------------

struct ranked {
  dbuf<double> local;                      // the local ranks (then placed by fixup_kernel)
  std::vector<dist::tie_boundary> all;     // every process's boundary
  std::vector<u64> unsorted;               // every process's "locally unsorted" flag
};

template <class Code>
ranked rank_local(const comm_info& c, const Code* codes, u64 m, rank_method method, bool check_sorted) {
  ranked out;
  out.local = dbuf<double>(c.exec, m);
  if (m)
    ordo::rank_sorted(c.exec, std::span<const Code>(codes, m), out.local.span(), rank_sorted_options{.method = method});
  dbuf<u64> words(c.exec, 8);
  check_cuda(cudaMemsetAsync(words.data(), 0, 8 * sizeof(u64), c.stream), "cudaMemsetAsync");
  boundary_kernel<Code><<<1, 1, 0, c.stream>>>(codes, m, method == rank_method::dense ? out.local.data() : nullptr,
                                                words.data());
  ORDO_CUDA_LAUNCH_CHECK("boundary_kernel");
  if (check_sorted && m > 1) ORDO_NCCL_LAUNCH(unsorted_kernel<Code>, m, c.stream, codes, m, words.data() + 6);
  const auto h = download(c, words.data(), 8);
  const auto g = allgather_u64(c, h);
  for (int q = 0; q < c.p; ++q) {
    dist::tie_boundary b;
    std::copy_n(g.data() + 8 * std::size_t(q), 6, reinterpret_cast<u64*>(&b));
    out.all.push_back(b);
    out.unsorted.push_back(g[8 * std::size_t(q) + 6]);
  }
  return out;
}

// The ranks of a chunk in receive order (the order of the tuples (code,
// process, input index) for equal codes): ordo::rank of the codes, whose
// ordinal ties go by that order, and the boundary by reductions.
// The local ranks are integers where the method's are (ordo::rank moves
// them through its passes: 4 bytes instead of a double's 8 saved a fifth of
// its time at 2^29).
struct received_ranks {
  dbuf<std::byte> local;
  rank_store type = rank_store::f64;
  std::vector<dist::tie_boundary> all;  // every process's boundary
};

template <class Code>
received_ranks rank_received(const comm_info& c, const Code* codes, u64 m, rank_method method) {
  received_ranks out;
  out.type = method == rank_method::average                  ? rank_store::f64
             : m <= std::numeric_limits<std::uint32_t>::max() ? rank_store::u32
                                                              : rank_store::u64;
  out.local = dbuf<std::byte>(c.exec, m * detail::rank_store_bytes(out.type));
  dbuf<u64> words(c.exec, 8);
  check_cuda(cudaMemsetAsync(words.data(), 0, 8 * sizeof(u64), c.stream), "cudaMemsetAsync");
  if (m) {
    const std::span<const Code> k(codes, m);
    const rank_options o{.method = method};
    if (out.type == rank_store::f64) ordo::rank(c.exec, k, std::span<double>(reinterpret_cast<double*>(out.local.data()), m), o);
    else if (out.type == rank_store::u32)
      ordo::rank(c.exec, k, std::span<std::uint32_t>(reinterpret_cast<std::uint32_t*>(out.local.data()), m), o);
    else ordo::rank(c.exec, k, std::span<std::uint64_t>(reinterpret_cast<std::uint64_t*>(out.local.data()), m), o);
    const u64 init[2] = {m, ~u64(0)};
    check_cuda(cudaMemcpyAsync(words.data(), init, sizeof init, cudaMemcpyHostToDevice, c.stream), "cudaMemcpyAsync");
    auto* w = reinterpret_cast<unsigned long long*>(words.data());
    const void* dense = method == rank_method::dense ? static_cast<const void*>(out.local.data()) : nullptr;
    ORDO_NCCL_LAUNCH(extent_kernel<Code>, m, c.stream, codes, m, dense, out.type, w);
    ORDO_NCCL_LAUNCH(ends_kernel<Code>, m, c.stream, codes, m, w);
  }
  const auto h = download(c, words.data(), 8);
  const auto g = allgather_u64(c, h);
  for (int q = 0; q < c.p; ++q) {
    dist::tie_boundary b;
    std::copy_n(g.data() + 8 * std::size_t(q), 6, reinterpret_cast<u64*>(&b));
    out.all.push_back(b);
  }
  return out;
}

void check_rank_total(rank_store rt, u64 total, const char* fn) {
  if (rt == rank_store::u32 && total > std::numeric_limits<std::uint32_t>::max())
    throw error(errc::invalid_argument, std::string(fn) + ": " + std::to_string(total) +
                                            " keys over all processes do not fit uint32 ranks; use uint64 ranks");
}

}  // namespace

// ---- the entry points ---------------------------------------------------------------

// The keys' order codes (key_traits): descending flips them, nan_on_top puts
// NaN at the top code.
template <class Code>
dbuf<Code> encode(const comm_info& c, const Code* keys, u64 n, key_kind kind, bool descending, bool nan_on_top) {
  dbuf<Code> codes(c.exec, n);
  if (n) ORDO_NCCL_LAUNCH(encode_kernel<Code>, n, c.stream, keys, n, kind, descending, nan_on_top, codes.data());
  return codes;
}

template <class Code>
void sort(const nccl& ex, key_kind kind, Code* keys, u64 n, void* values, unsigned value_bytes, bool descending) {
  const comm_info c(ex);
  phase_timer timer(c, phase::splitters);
  step_trace tr(c);
  // Unsigned keys ascending are their own codes: no copy.
  const bool identity = kind == key_kind::unsigned_int && !descending;
  auto codes = identity ? dbuf<Code>() : encode(c, keys, n, kind, descending, descending);
  tr.lap("encode");
  // Float codes tie -0.0 with +0.0 and every NaN: the keys travel. Integer
  // codes decode back exactly: they do not.
  const bool carry_keys = kind == key_kind::floating;
  // Values travel by value_bytes, not by the pointer: a process with no
  // elements may hold an empty (null) value array, and every process must
  // post the same sends and receives (a null test here hung 2 processes
  // with sizes [1, 0]: one posted the values' exchange, the other did not).
  const bool with_values = value_bytes != 0;
  std::vector<payload_in> pays;
  if (carry_keys) pays.push_back({keys, sizeof(Code)});
  if (with_values) pays.push_back({values, value_bytes});
  const Code* cp = identity ? keys : codes.data();
  auto s = exchange_sorted(c, timer, cp, std::move(codes), n, pays, wants{}, no_total_check);
  // (6) Back to the input's local sizes.
  timer.mark(phase::redistribute);
  std::vector<u64> sc, rc;
  home_counts(c, s.n_all, s.m_all, sc, rc);
  // Integer codes decode on the way: this process's own part straight into keys.
  if (!carry_keys && s.m) {
    const u64 self = prefix(sc)[c.me], home = prefix(rc)[c.me];
    ORDO_NCCL_LAUNCH(decode_kernel<Code>, s.m, c.stream, s.code.data(), s.m, kind, descending, self, sc[c.me],
                     keys + home);
  }
  std::vector<moved> arrays{
      {carry_keys ? static_cast<const void*>(s.pay[0].data()) : s.code.data(), keys, sizeof(Code), !carry_keys}};
  if (with_values) arrays.push_back({s.pay.back().data(), values, value_bytes});
  exchange(c, arrays, sc, rc);
  tr.lap("redistribute");
  timer.done(s.m);
}

template <class Code>
void sort_idx(const nccl& ex, key_kind kind, const Code* keys, u64 n, global_index* perm, bool descending) {
  const comm_info c(ex);
  phase_timer timer(c, phase::splitters);
  auto codes = encode(c, keys, n, kind, descending, descending);
  const Code* cp = codes.data();
  auto s = exchange_sorted(c, timer, cp, std::move(codes), n, {},
                           wants{.send_index = true, .positions = true}, no_total_check);
  timer.mark(phase::redistribute);
  const auto recv_start = upload(c, prefix(s.recv_cnt));
  dbuf<global_index> origin(c.exec, s.m);
  if (s.m)
    ORDO_NCCL_LAUNCH(origin_kernel, s.m, c.stream, s.pos.data(), s.src_idx.data(), s.m, recv_start.data(), c.p,
                     origin.data());
  std::vector<u64> sc, rc;
  home_counts(c, s.n_all, s.m_all, sc, rc);
  const moved a[] = {{origin.data(), perm, sizeof(global_index)}};
  exchange(c, a, sc, rc);
  timer.done(s.m);
}

template <class Code>
void rank(const nccl& ex, key_kind kind, const Code* keys, u64 n, void* ranks, rank_store rt,
          const rank_options& options) {
  const comm_info c(ex);
  phase_timer timer(c, phase::splitters);
  step_trace tr(c);
  auto codes = encode(c, keys, n, kind, !options.ascending, options.na == na_option::top);
  tr.lap("encode");
  // The chunk is ranked where it arrived (no sort of it): the ranks are in
  // receive order, so they go home the way the keys came, in runs.
  const Code* cp = codes.data();
  auto s = exchange_sorted(c, timer, cp, std::move(codes), n, {}, wants{.local_perm = c.p > 1, .sort_chunk = false},
                           [&](u64 total) { check_rank_total(rt, total, "rank"); });
  timer.mark(phase::rank_fixup);
  tr.lap("exchange_sorted");
  auto r = rank_received(c, s.code.data(), s.m, options.method);
  tr.lap("rank_received");
  const dist::tie_placement t = dist::place_ties(r.all, c.me);
  // na_option::keep: the NaN group is the codes at the top extreme.
  const bool keep_nan = kind == key_kind::floating && options.na == na_option::keep;
  const u64 nans = keep_nan ? dist::count_of_top_code(r.all, u64(detail::kept_nan_rank_bits<Code>())) : 0;
  double div = 1;
  if (options.pct)
    div = options.method == rank_method::dense ? double(dist::distinct_total(r.all) - (nans ? 1 : 0))
                                               : double(s.n_total - nans);
  // One process: receive order is input order, the ranks go straight out.
  const std::size_t rb = detail::rank_store_bytes(rt);
  dbuf<std::byte> back(c.exec, c.p > 1 ? s.m * rb : 0);
  void* placed = c.p > 1 ? static_cast<void*>(back.data()) : ranks;
  if (s.m)
    ORDO_NCCL_LAUNCH(fixup_kernel<Code>, s.m, c.stream, s.code.data(), static_cast<const void*>(r.local.data()),
                     r.type, s.m, t, options.method, keep_nan, div, rt, placed, false, r.all[c.me]);
  tr.lap("fixup");
  timer.mark(phase::redistribute);
  if (c.p > 1) {
    dbuf<std::byte> home(c.exec, n * rb);
    const moved a[] = {{back.data(), home.data(), rb}};
    exchange(c, a, s.recv_cnt, s.send_cnt);
    tr.lap("ranks home");
    permute_bytes(c, home.data(), s.local_perm.data(), n, rb, ranks, true);
    tr.lap("scatter");
  }
  timer.done(s.m);
}

template <class Code>
void rank_sorted(const nccl& ex, key_kind kind, const Code* keys, u64 n, void* ranks,
                 rank_store rt, const rank_sorted_options& options) {
  const comm_info c(ex);
  phase_timer timer(c, phase::rank_fixup);
  // Codes ascending for input sorted in options.order (NaN last ascending,
  // first descending); equal codes are ties.
  const bool desc = options.order == sort_order::descending;
  const auto codes = encode(c, keys, n, kind, desc, desc);
  auto r = rank_local(c, codes.data(), n, options.method, options.validate);
  // Every process sees every boundary: all agree on the first bad process
  // without another collective.
  if (options.validate) {
    int prev = -1;
    for (int q = 0; q < c.p; ++q) {
      const bool bad = r.unsorted[q] || (r.all[q].n && prev >= 0 && r.all[prev].last > r.all[q].first);
      if (bad) {
        const std::string msg = "rank_sorted: keys are not sorted across the processes";
        if (q == c.me) throw error(errc::unsorted_input, msg);
        throw dist::error_from(q, c.p, int(errc::unsorted_input), msg);
      }
      if (r.all[q].n) prev = q;
    }
  }
  u64 total = 0;
  for (const auto& b : r.all) total += b.n;
  check_rank_total(rt, total, "rank_sorted");
  const dist::tie_placement t = dist::place_ties(r.all, c.me);
  if (n)
    ORDO_NCCL_LAUNCH(fixup_kernel<Code>, n, c.stream, codes.data(), static_cast<const void*>(r.local.data()),
                     rank_store::f64, n, t, options.method, false, 1.0, rt, ranks, true, r.all[c.me]);
  timer.done(n);
}

#define ORDO_NCCL_INSTANTIATE(Code)                                                                            \
  template void sort<Code>(const nccl&, key_kind, Code*, u64, void*, unsigned, bool);                          \
  template void sort_idx<Code>(const nccl&, key_kind, const Code*, u64, global_index*, bool);                  \
  template void rank<Code>(const nccl&, key_kind, const Code*, u64, void*, rank_store, const rank_options&);    \
  template void rank_sorted<Code>(const nccl&, key_kind, const Code*, u64, void*, rank_store,                   \
                                  const rank_sorted_options&);
ORDO_NCCL_INSTANTIATE(std::uint32_t)
ORDO_NCCL_INSTANTIATE(std::uint64_t)

}  // namespace ordo::nccl_detail
