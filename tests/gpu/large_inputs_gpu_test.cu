// n >= 2^32 on the GPU for each capability whose API takes 64-bit sizes, at
// 2^32 + a few elements (rank_sorted's test is rank_large_gpu_test.cu).
// Inputs are generated and results checked on the device (copying them to
// the host would take longer than the calls), against closed forms: each
// expected element is computed from its position, so a wrong, missing or
// misplaced element is counted. Each test first asks for the free device
// memory its buffers and ordo's scratch take, plus 2 GiB, and skips with a
// message naming it where there is less; on an H200 (~139 GiB) sort_idx (36
// bytes a key), rank (44 bytes a key) and list_rank (about 41 bytes a node)
// skip; rank of int8 keys (counted, 9 bytes a key) runs.
//
// Not tested here:
//   topk over a whole array: on the GPU it takes fewer than 2^32 keys (it
//     throws errc::not_supported, src/cuda/topk/topk.cu); topk_rows is tested
//     over more than 2^32 keys, on both of its GPU paths.
//   compact by predicate: a predicate needs ordo/cuda/primitives.cuh compiled
//     into the test; compact by flags is tested.
//   list_scan and segmented_sort_in_place: the code paths of list_rank and
//     segmented_sort, which are tested.
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <numeric>
#include <span>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "gpu/gpu_cases.hpp"
#include "ordo/list_rank.hpp"
#include "ordo/primitives.hpp"
#include "ordo/rank.hpp"
#include "ordo/segmented_sort.hpp"
#include "ordo/segments.hpp"
#include "ordo/topk.hpp"

namespace {

using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;
using i32 = std::int32_t;
using i64 = std::int64_t;
using count_t = unsigned long long;

constexpr u64 two_to_32 = u64(1) << 32;
constexpr u64 n_large = two_to_32 + 12345;  // odd
constexpr u64 gib = u64(1) << 30;
constexpr u64 slack = 2 * gib;
constexpr unsigned grid = 4096, block = 256;

#define EACH_INDEX(i, n)                                                                        \
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < (n); \
       i += std::uint64_t(gridDim.x) * blockDim.x)

// ------------------------------------------------------------ helpers ----

template <class T, class F>
__global__ void fill_kernel(T* out, u64 n, F f) {
  EACH_INDEX(i, n) out[i] = f(i);
}

// Adds to *wrong the number of i < n with got[i] != want(i).
template <class T, class F>
__global__ void count_wrong_kernel(const T* got, u64 n, F want, count_t* wrong) {
  count_t mine = 0;
  EACH_INDEX(i, n) mine += got[i] != want(i);
  if (mine) atomicAdd(wrong, mine);
}

template <class T, class F>
void fill(T* out, u64 n, F f) {
  fill_kernel<<<grid, block>>>(out, n, f);
}
template <class T, class F>
void fill(ordo::device_buffer<T>& b, F f) {
  fill(b.data(), b.size(), f);
}

// Counts wrong elements on the device and reads the count back (waiting for
// the device); any CUDA error fails the test and reads as ~0.
class wrong_count {
 public:
  template <class T, class F>
  count_t operator()(const T* got, u64 n, F want) {
    return run([&](count_t* w) { count_wrong_kernel<<<grid, block>>>(got, n, want, w); });
  }
  // launch(w): a checking kernel of the caller's that adds to *w.
  template <class Launch>
  count_t run(Launch launch) {
    cudaError_t e = cudaMemset(d_.data(), 0, sizeof(count_t));
    if (e == cudaSuccess) {
      launch(d_.data());
      e = cudaGetLastError();
    }
    if (e == cudaSuccess) e = cudaDeviceSynchronize();
    count_t w = ~count_t(0);
    if (e == cudaSuccess) e = cudaMemcpy(&w, d_.data(), sizeof w, cudaMemcpyDeviceToHost);
    if (e != cudaSuccess) {
      ADD_FAILURE() << "CUDA error: " << cudaGetErrorString(e);
      return ~count_t(0);
    }
    return w;
  }

 private:
  ordo::device_buffer<count_t> d_{1};
};

// Outputs start as all-ones bytes, which no expected element equals, so an
// element the call does not write is counted.
template <class T>
void poison(ordo::device_buffer<T>& b) {
  EXPECT_EQ(cudaMemset(b.data(), 0xff, b.size() * sizeof(T)), cudaSuccess);
}

template <class T>
T read_back(const ordo::device_buffer<T>& b, u64 at = 0) {
  T v{};
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(cudaMemcpy(&v, b.data() + at, sizeof(T), cudaMemcpyDeviceToHost), cudaSuccess);
  return v;
}

template <class T>
std::span<const T> const_span(const ordo::device_buffer<T>& b) {
  return {b.data(), b.size()};
}

// Free device memory, once the device's default pool has handed back what
// earlier tests freed (ordo's default resource keeps freed blocks in the
// pool: src/cuda/common/execution_cuda.cu), so a test in the same process
// does not skip for memory the pool would give it.
u64 free_device_bytes() {
  if (cudaDeviceSynchronize() != cudaSuccess) return 0;
  int dev = 0;
  cudaMemPool_t pool;
  if (cudaGetDevice(&dev) == cudaSuccess && cudaDeviceGetDefaultMemPool(&pool, dev) == cudaSuccess)
    cudaMemPoolTrimTo(pool, 0);
  std::size_t free_bytes = 0, total = 0;
  if (cudaMemGetInfo(&free_bytes, &total) != cudaSuccess) return 0;
  return free_bytes;
}

std::string in_gib(u64 bytes) {
  char b[32];
  std::snprintf(b, sizeof b, "%.1f GiB", double(bytes) / double(gib));
  return b;
}

// Skips the test unless `bytes` (its buffers and ordo's scratch) and 2 GiB
// more are free on the device.
#define REQUIRE_DEVICE_BYTES(bytes)                                                                      \
  do {                                                                                                   \
    const std::uint64_t need_ = (bytes) + slack, free_ = free_device_bytes();                            \
    if (free_ < need_)                                                                                   \
      GTEST_SKIP() << "needs ~" << in_gib(need_) << " of free device memory (" << in_gib(free_) << " free)"; \
  } while (0)

template <class T>
struct constant {
  T v;
  __host__ __device__ T operator()(u64) const { return v; }
};
struct index_of {
  __host__ __device__ u64 operator()(u64 i) const { return i; }
};

// (mersenne31 * i + b) % n permutes [0, n) for n < 2^33 that mersenne31
// (a prime) does not divide; the product stays below 2^64.
constexpr u64 mersenne31 = 2147483647ull;
__host__ __device__ inline u64 scramble(u64 i, u64 n, u64 b) { return (mersenne31 * i + b) % n; }

// ---------------------------------------------------------------- scan ----

// Segment heads: every 1000th element below 2^31, then one at 3 * 10^9, so
// that one segment runs from 2147483000 past 2^31 and the last one (1.29 *
// 10^9 sevens: sums past 2^32) crosses 2^32.
constexpr u64 long_head = 3000000000ull;
__host__ __device__ inline bool scan_head(u64 i) { return (i < (u64(1) << 31) && i % 1000 == 0) || i == long_head; }
__host__ __device__ inline u64 scan_segment_start(u64 i) {
  if (i >= long_head) return long_head;
  if (i < (u64(1) << 31)) return i - i % 1000;
  return (u64(1) << 31) / 1000 * 1000;
}
struct head_flags {  // any nonzero flag starts a segment
  __device__ u8 operator()(u64 i) const { return scan_head(i) ? u8(1 + i % 251) : u8(0); }
};
// in[i] = 7 everywhere.
struct scan_want {
  bool exclusive, segmented;
  u64 init;
  __device__ u64 operator()(u64 i) const {
    const u64 start = segmented ? scan_segment_start(i) : 0;
    return init + 7 * (i - start + (exclusive ? 0 : 1));
  }
};

TEST(LargeInputsGpu, Scan) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  REQUIRE_DEVICE_BYTES(13 * n);  // uint32 in, uint64 out, uint8 head flags
  ordo::device_buffer<u32> in(n);
  ordo::device_buffer<u64> out(n);
  ordo::device_buffer<u8> heads(n);
  wrong_count wrong;
  fill(in, constant<u32>{7});
  fill(heads, head_flags{});
  struct scan_case {
    const char* name;
    bool exclusive, segmented;
    u64 init;
  };
  const scan_case cases[] = {{"inclusive", false, false, 0},
                             {"inclusive, init 5", false, false, 5},
                             {"exclusive, init 5", true, false, 5},
                             {"segmented inclusive", false, true, 0},
                             {"segmented exclusive, init 5", true, true, 5}};
  for (const scan_case& c : cases) {
    ordo::scan_options o;
    o.kind = c.exclusive ? ordo::scan_kind::exclusive : ordo::scan_kind::inclusive;
    if (c.segmented) o.head_flags = const_span(heads);
    poison(out);
    ordo::scan(ordo::cuda{}, const_span(in), out.span(), ordo::plus{}, c.init, o);
    EXPECT_EQ(wrong(out.data(), n, scan_want{c.exclusive, c.segmented, c.init}), 0u)
        << c.name << ", uint32 sevens into uint64";
  }
}

// -------------------------------------------------------------- reduce ----

// 100 + i % 100000, except the minimum 3 at n - 2 and the maximum 4 * 10^9
// at n - 1, both past 2^32.
constexpr u64 reduce_mod = 100000;
struct reduce_pattern {
  u64 n;
  __host__ __device__ u32 operator()(u64 i) const {
    if (i == n - 2) return 3;
    if (i == n - 1) return 4000000000u;
    return u32(100 + i % reduce_mod);
  }
};
u64 reduce_pattern_sum(u64 n) {
  const u64 q = n / reduce_mod, r = n % reduce_mod;
  u64 s = 100 * n + q * (reduce_mod * (reduce_mod - 1) / 2) + r * (r - 1) / 2;
  s -= (100 + (n - 2) % reduce_mod) + (100 + (n - 1) % reduce_mod);
  return s + 3 + 4000000000ull;
}

TEST(LargeInputsGpu, Reduce) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  REQUIRE_DEVICE_BYTES(4 * n);  // uint32 in
  ordo::device_buffer<u32> in(n);
  ordo::device_buffer<u64> r64(1);
  ordo::device_buffer<u32> r32(1);
  fill(in, reduce_pattern{n});
  const u64 sum = reduce_pattern_sum(n);
  const auto exec = ordo::cuda{};
  poison(r64);
  ordo::reduce(exec, const_span(in), r64.span());
  EXPECT_EQ(read_back(r64), sum) << "plus into uint64";
  poison(r64);
  ordo::reduce(exec, const_span(in), r64.span(), ordo::plus{}, 11);
  EXPECT_EQ(read_back(r64), sum + 11) << "plus into uint64, init 11";
  poison(r32);
  ordo::reduce(exec, const_span(in), r32.span());
  EXPECT_EQ(read_back(r32), u32(sum)) << "plus into uint32 (wraps modulo 2^32)";
  poison(r32);
  // (inits given: the operators' identity() is constexpr host code, which
  // this target, built without --expt-relaxed-constexpr, warns about)
  ordo::reduce(exec, const_span(in), r32.span(), ordo::minimum{}, ~u32(0));
  EXPECT_EQ(read_back(r32), 3u) << "minimum";
  poison(r32);
  ordo::reduce(exec, const_span(in), r32.span(), ordo::maximum{}, u32(0));
  EXPECT_EQ(read_back(r32), 4000000000u) << "maximum";
  EXPECT_EQ(ordo::reduce_and_wait<u64>(exec, const_span(in)), sum) << "reduce_and_wait<uint64>";
}

// ---------------------------------------------------- compact and split ----

// The indices i < n with i % m == r ("sparse") and the others ("dense"),
// each in order.
struct residues {
  u64 n, m, r;
  __host__ __device__ bool sparse(u64 i) const { return i % m == r; }
  __host__ __device__ u64 sparse_count() const { return r < n ? (n - 1 - r) / m + 1 : 0; }
  __host__ __device__ u64 dense_count() const { return n - sparse_count(); }
  __host__ __device__ u64 sparse_at(u64 j) const { return j * m + r; }
  __host__ __device__ u64 dense_at(u64 j) const {
    const u64 t = j % (m - 1);
    return j / (m - 1) * m + (t < r ? t : t + 1);
  }
};
// Nonzero flags (1 .. 251: any nonzero value counts) on one of the two sets.
struct residue_flags {
  residues s;
  bool on_sparse;
  __device__ u8 operator()(u64 i) const { return s.sparse(i) == on_sparse ? u8(1 + i % 251) : u8(0); }
};
// Bucket 1 for the sparse set, 0 for the dense one.
struct residue_bucket {
  residues s;
  __device__ u8 operator()(u64 i) const { return s.sparse(i) ? 1 : 0; }
};
// One set, then the other (each in order): a stable split's output, and
// compact's (the first set alone).
struct residue_order {
  residues s;
  bool sparse_first;
  __device__ u64 operator()(u64 p) const {
    const u64 first = sparse_first ? s.sparse_count() : s.dense_count();
    if (p < first) return sparse_first ? s.sparse_at(p) : s.dense_at(p);
    return sparse_first ? s.dense_at(p - first) : s.sparse_at(p - first);
  }
};

// Stable grouping of [0, n) by i % k: class b (b, b + k, b + 2k, ...) starts
// at class_start(b); operator()(p) is the index at position p.
struct residue_classes {
  u64 n, k;
  __host__ __device__ u64 class_start(u64 b) const {
    const u64 q = n / k, rr = n % k;
    return b * q + (b < rr ? b : rr);
  }
  __host__ __device__ u64 operator()(u64 p) const {
    const u64 q = n / k, rr = n % k, big = rr * (q + 1);
    if (p < big) return p / (q + 1) + p % (q + 1) * k;
    const u64 p2 = p - big;
    return rr + p2 / q + p2 % q * k;
  }
};
struct residue_class_of {  // k <= 256
  u64 k;
  __device__ u8 operator()(u64 i) const { return u8(i % k); }
};

TEST(LargeInputsGpu, CompactByFlags) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  REQUIRE_DEVICE_BYTES(17 * n);  // uint64 in and out, uint8 flags
  ordo::device_buffer<u64> in(n), out(n), count(1);
  ordo::device_buffer<u8> flags(n);
  wrong_count wrong;
  fill(in, index_of{});  // in[i] = i: a value read from the wrong place is counted
  struct compact_case {
    u64 m, r;
    bool keep_sparse;
  };
  // 1.43 * 10^9 kept; then all but 4295, more than 2^32 (written past 2^32)
  const compact_case cases[] = {{3, 0, true}, {1000000, 7, false}};
  for (const compact_case& c : cases) {
    const residues s{n, c.m, c.r};
    fill(flags, residue_flags{s, c.keep_sparse});
    poison(out);
    poison(count);
    ordo::compact(ordo::cuda{}, const_span(in), const_span(flags), out.span(), count.span());
    const u64 kept = c.keep_sparse ? s.sparse_count() : s.dense_count();
    const std::string what = std::string("keep i % ") + std::to_string(c.m) + (c.keep_sparse ? " == " : " != ") +
                             std::to_string(c.r);
    EXPECT_EQ(read_back(count), kept) << what;
    EXPECT_EQ(wrong(out.data(), kept, residue_order{s, c.keep_sparse}), 0u) << what;
  }
}

TEST(LargeInputsGpu, SplitByFlags) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  REQUIRE_DEVICE_BYTES(17 * n);  // uint64 in and out, uint8 flags
  ordo::device_buffer<u64> in(n), out(n), zeros(1);
  ordo::device_buffer<u8> flags(n);
  wrong_count wrong;
  fill(in, index_of{});
  struct split_case {
    u64 m, r;
    bool flag_sparse;
  };
  // Flagged elements go last. The second case has more than 2^32 zeros; the
  // third, 4295 zeros and the flagged ones written past 2^32.
  const split_case cases[] = {{3, 0, true}, {1000000, 7, true}, {1000000, 7, false}};
  for (const split_case& c : cases) {
    const residues s{n, c.m, c.r};
    fill(flags, residue_flags{s, c.flag_sparse});
    poison(out);
    poison(zeros);
    ordo::split(ordo::cuda{}, const_span(in), const_span(flags), out.span(), zeros.span());
    const std::string what = std::string("flags on i % ") + std::to_string(c.m) + (c.flag_sparse ? " == " : " != ") +
                             std::to_string(c.r);
    EXPECT_EQ(read_back(zeros), c.flag_sparse ? s.dense_count() : s.sparse_count()) << what;
    EXPECT_EQ(wrong(out.data(), n, residue_order{s, !c.flag_sparse}), 0u) << what;
  }
}

TEST(LargeInputsGpu, SplitByBucket) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  // uint64 in and out, uint8 buckets; the (bucket, segment) table of 200
  // buckets takes about 0.1 byte a key
  REQUIRE_DEVICE_BYTES(18 * n);
  ordo::device_buffer<u64> in(n), out(n);
  ordo::device_buffer<u8> bucket(n);
  wrong_count wrong;
  fill(in, index_of{});
  const auto exec = ordo::cuda{};
  // 2 buckets, the first of more than 2^32 elements
  {
    const residues s{n, 1000000, 7};
    fill(bucket, residue_bucket{s});
    ordo::device_buffer<u64> offsets(3);
    poison(out);
    poison(offsets);
    ordo::split(exec, const_span(in), const_span(bucket), 2, out.span(), offsets.span(), ordo::split_options{true});
    std::vector<u64> got(3);
    offsets.download(got);
    EXPECT_EQ(got, (std::vector<u64>{0, s.dense_count(), n})) << "2 buckets";
    EXPECT_EQ(wrong(out.data(), n, residue_order{s, false}), 0u) << "2 buckets";
  }
  // bucket i % k: 16 buckets (5-bit digits) and 200 (8-bit digits, longer segments)
  for (unsigned k : {16u, 200u}) {
    const residue_classes classes{n, k};
    fill(bucket, residue_class_of{k});
    ordo::device_buffer<u64> offsets(k + 1);
    poison(out);
    poison(offsets);
    ordo::split(exec, const_span(in), const_span(bucket), k, out.span(), offsets.span(), ordo::split_options{true});
    std::vector<u64> got(k + 1), want(k + 1);
    offsets.download(got);
    for (unsigned b = 0; b <= k; ++b) want[b] = classes.class_start(b);
    EXPECT_EQ(got, want) << k << " buckets";
    EXPECT_EQ(wrong(out.data(), n, classes), 0u) << k << " buckets";
  }
}

// ---------------------------------------------------------------- fork ----

// Fork A: 2^20 parents, parent i with 4096 + i % 3 children (12291 for each
// three parents): 2^32 + 1048575 children.
constexpr u64 fork_a_parents = u64(1) << 20;
struct fork_a_counts {
  __device__ u32 operator()(u64 i) const { return u32(4096 + i % 3); }
};
struct fork_a_want {
  bool sibling;
  __device__ u64 operator()(u64 c) const {
    const u64 q = c / 12291, rem = c % 12291;
    const u64 k = rem < 4096 ? 0 : rem < 8193 ? 1 : 2;
    const u64 start = k == 0 ? 0 : k == 1 ? 4096 : 8193;
    return sibling ? rem - start : 3 * q + k;
  }
};
// Fork B: uint64 counts {5, 2^32 + 11, 0, 7}: one parent alone has more than
// 2^32 children.
constexpr u64 fork_b_big = two_to_32 + 11;
struct fork_b_want {
  bool sibling;
  __device__ u64 operator()(u64 c) const {
    constexpr u64 end1 = 5 + fork_b_big;
    if (c < 5) return sibling ? c : 0;
    if (c < end1) return sibling ? c - 5 : 1;
    return sibling ? c - end1 : 3;
  }
};

TEST(LargeInputsGpu, Fork) {
  ORDO_REQUIRE_GPU();
  u64 total_a = 0;
  for (u64 i = 0; i < fork_a_parents; ++i) total_a += 4096 + i % 3;
  const u64 total_b = 5 + fork_b_big + 7;
  ASSERT_GT(total_b, two_to_32);
  ASSERT_GT(total_a, total_b);
  REQUIRE_DEVICE_BYTES(16 * total_a);  // uint64 parent and sibling
  ordo::device_buffer<u64> parent(total_a), sibling(total_a);
  ordo::device_buffer<u32> counts_a(fork_a_parents);
  const std::vector<u64> counts_b_host = {5, fork_b_big, 0, 7};
  ordo::device_buffer<u64> counts_b{std::span<const u64>(counts_b_host)};
  wrong_count wrong;
  fill(counts_a, fork_a_counts{});
  const auto exec = ordo::cuda{};
  EXPECT_EQ(ordo::fork_total_and_wait(exec, const_span(counts_a)), total_a);
  EXPECT_EQ(ordo::fork_total_and_wait(exec, const_span(counts_b)), total_b);
  for (auto v : {ordo::fork_variant::doubling, ordo::fork_variant::load_balanced}) {
    ordo::fork_options o;
    o.variant = v;
    o.validate = true;
    poison(parent);
    poison(sibling);
    ordo::fork(exec, const_span(counts_a), parent.span(), sibling.span(), o);
    EXPECT_EQ(wrong(parent.data(), total_a, fork_a_want{false}), 0u) << "A parent, " << ordo::to_string(v);
    EXPECT_EQ(wrong(sibling.data(), total_a, fork_a_want{true}), 0u) << "A sibling, " << ordo::to_string(v);
    poison(parent);
    poison(sibling);
    ordo::fork(exec, const_span(counts_b), std::span<u64>(parent.data(), total_b), std::span<u64>(sibling.data(), total_b),
               o);
    EXPECT_EQ(wrong(parent.data(), total_b, fork_b_want{false}), 0u) << "B parent, " << ordo::to_string(v);
    EXPECT_EQ(wrong(sibling.data(), total_b, fork_b_want{true}), 0u) << "B sibling, " << ordo::to_string(v);
  }
}

// --------------------------------------------------------------- merge ----

struct twice_plus {
  u64 add;
  __device__ u64 operator()(u64 i) const { return 2 * i + add; }
};
// a = 0, 2, ..., 2(na - 1); b = 1, 3, ...: interleaved up to 2na, then b's rest.
struct merge_want {
  u64 na;
  __device__ u64 operator()(u64 p) const { return p < 2 * na ? p : 2 * (p - na) + 1; }
};

TEST(LargeInputsGpu, MergeKeys) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large, na = 1000000000, nb = n - na;
  REQUIRE_DEVICE_BYTES(16 * n);  // uint64 a + b and out
  ordo::device_buffer<u64> ab(n), out(n);
  wrong_count wrong;
  fill(ab.data(), na, twice_plus{0});
  fill(ab.data() + na, nb, twice_plus{1});
  poison(out);
  ordo::merge(ordo::cuda{}, std::span<const u64>(ab.data(), na), std::span<const u64>(ab.data() + na, nb), out.span());
  EXPECT_EQ(wrong(out.data(), n, merge_want{na}), 0u) << "uint64 keys, " << na << " + " << nb;
}

// Keys i >> 1 on both sides (each key twice in a, twice in b), values i in
// a and ~i in b; with na even and nb > na, out holds for each key k < na / 2
// a's two, then b's two (ties: a first, in order), then b's rest.
struct half_index {
  __device__ u32 operator()(u64 i) const { return u32(i >> 1); }
};
struct low_word {
  bool flip;
  __device__ u32 operator()(u64 i) const { return flip ? ~u32(i) : u32(i); }
};
struct merge_kv_want {
  u64 na;
  bool value;
  __device__ u32 operator()(u64 p) const {
    if (p >= 2 * na) {
      const u64 j = p - na;
      return value ? ~u32(j) : u32(j >> 1);
    }
    const u64 k = p / 4, r = p % 4;
    if (!value) return u32(k);
    return r < 2 ? u32(2 * k + r) : ~u32(2 * k + r - 2);
  }
};

TEST(LargeInputsGpu, MergeKeyValue) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large, na = (u64(1) << 31) + 6000, nb = n - na;
  ASSERT_TRUE(na % 2 == 0 && nb > na);
  REQUIRE_DEVICE_BYTES(16 * n);  // uint32 keys and values, in and out
  ordo::device_buffer<u32> keys(n), values(n), out_keys(n), out_values(n);
  wrong_count wrong;
  fill(keys.data(), na, half_index{});
  fill(keys.data() + na, nb, half_index{});
  fill(values.data(), na, low_word{false});
  fill(values.data() + na, nb, low_word{true});
  poison(out_keys);
  poison(out_values);
  ordo::merge(ordo::cuda{}, std::span<const u32>(keys.data(), na), std::span<const u32>(values.data(), na),
              std::span<const u32>(keys.data() + na, nb), std::span<const u32>(values.data() + na, nb),
              out_keys.span(), out_values.span());
  EXPECT_EQ(wrong(out_keys.data(), n, merge_kv_want{na, false}), 0u) << "keys";
  EXPECT_EQ(wrong(out_values.data(), n, merge_kv_want{na, true}), 0u) << "values (stable: a before b)";
}

// ------------------------------------------------------------ sort_idx ----

struct mod_key {
  u64 m;
  __device__ u32 operator()(u64 i) const { return u32(i % m); }
};

TEST(LargeInputsGpu, SortIdx) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large, m = 1000003;  // keys i % m: about 4295 ties of each key
  // uint32 keys, uint64 perm; the merge passes' scratch: two uint32 key and
  // two uint64 index buffers of n
  REQUIRE_DEVICE_BYTES(36 * n + gib);
  ordo::device_buffer<u32> keys(n);
  ordo::device_buffer<u64> perm(n);
  wrong_count wrong;
  fill(keys, mod_key{m});
  for (auto v : {ordo::sort_idx_variant::automatic, ordo::sort_idx_variant::binary_search}) {
    ordo::sort_idx_options o;
    o.variant = v;
    poison(perm);
    ordo::sort_idx(ordo::cuda{}, const_span(keys), perm.span(), std::span<u32>{}, ordo::less{}, o);
    // stable: each key's indices in order
    EXPECT_EQ(wrong(perm.data(), n, residue_classes{n, m}), 0u) << ordo::to_string(v);
  }
}

// ------------------------------------------------------ segmented_sort ----

// Element r of a segment s of len elements: the low 32 - bits bits of s
// above `bits`, under them a permutation of [0, len) (spread is a prime that
// divides none of the lengths here; the product stays below 2^64 for len <
// 2^32). Sorted ascending, position r holds the tag and r.
constexpr u64 spread = 2654435761ull;
__host__ __device__ inline u64 segment_tag(u64 s, int bits) {
  return bits >= 32 ? 0 : (s & ((u64(1) << (32 - bits)) - 1)) << bits;
}
__host__ __device__ inline u32 segment_key(u64 s, u64 r, u64 len, int bits) {
  return u32(segment_tag(s, bits) | (spread * r + 12345) % len);
}
__host__ __device__ inline u32 sorted_segment_key(u64 s, u64 r, u64 len, int bits, bool descending) {
  return u32(segment_tag(s, bits) | (descending ? len - 1 - r : r));
}

// fixed_length(len, first): [0, first), then len at a time (the last shorter).
struct fixed_layout {
  u64 n, len, first;
  __device__ void locate(u64 i, u64& s, u64& r, u64& l) const {
    if (i < first) {
      s = 0, r = i, l = first;
      return;
    }
    const u64 j = (i - first) / len, start = first + j * len;
    s = j + (first > 0), r = i - start, l = n - start < len ? n - start : len;
  }
};
// Three segments: [0, b1), [b1, b2), [b2, n).
struct three_layout {
  u64 n, b1, b2;
  __device__ void locate(u64 i, u64& s, u64& r, u64& l) const {
    if (i < b1) s = 0, r = i, l = b1;
    else if (i < b2) s = 1, r = i - b1, l = b2 - b1;
    else s = 2, r = i - b2, l = n - b2;
  }
};
template <class Layout>
struct segment_keys {
  Layout layout;
  int bits;
  __device__ u32 operator()(u64 i) const {
    u64 s, r, l;
    layout.locate(i, s, r, l);
    return segment_key(s, r, l, bits);
  }
};
template <class Layout>
struct sorted_segment_keys {
  Layout layout;
  int bits;
  bool descending;
  __device__ u32 operator()(u64 i) const {
    u64 s, r, l;
    layout.locate(i, s, r, l);
    return sorted_segment_key(s, r, l, bits, descending);
  }
};

std::string describe(const ordo::segmented_sort_options& o) {
  return std::string(ordo::to_string(o.path)) + (o.stable ? ", stable" : "") +
         (o.order == ordo::sort_order::descending ? ", descending" : "");
}

TEST(LargeInputsGpu, SegmentedSortFixedLength) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  // uint32 in and out; segments of 5000 (the grid bin) take a uint32 chunk
  // buffer of about 1.23 n
  REQUIRE_DEVICE_BYTES(13 * n);
  ordo::device_buffer<u32> in(n), out(n);
  wrong_count wrong;
  using path = ordo::segsort_path;
  struct fixed_case {
    u64 len, first;
    int bits;  // 2^bits >= len
    path p;
    bool stable, descending;
  };
  const fixed_case cases[] = {
      {1024, 0, 10, path::automatic, false, false}, {1024, 0, 10, path::binned, false, false},
      {1024, 0, 10, path::automatic, true, false},  {1024, 100, 10, path::automatic, false, true},
      {40, 0, 6, path::automatic, false, false},    {40, 0, 6, path::short_tiles, false, false},
      {5000, 0, 13, path::automatic, false, false},
  };
  for (const fixed_case& c : cases) {
    const fixed_layout layout{n, c.len, c.first};
    fill(in, segment_keys<fixed_layout>{layout, c.bits});
    ordo::segmented_sort_options o;
    o.path = c.p;
    o.stable = c.stable;
    o.order = c.descending ? ordo::sort_order::descending : ordo::sort_order::ascending;
    poison(out);
    ordo::segmented_sort(ordo::cuda{}, const_span(in), out.span(), ordo::fixed_length(c.len, c.first), o);
    EXPECT_EQ(wrong(out.data(), n, sorted_segment_keys<fixed_layout>{layout, c.bits, c.descending}), 0u)
        << "fixed_length(" << c.len << ", " << c.first << "), " << describe(o);
  }
}

// Segment s holds 1 + s % 4000 elements (the last one cut at n): lengths in
// every bin and the grid bin's (over 2048).
constexpr u64 cycle = 4000;
__host__ __device__ inline u64 cycle_offset(u64 s) {
  const u64 c = s / cycle, r = s % cycle;
  return c * (cycle * (cycle + 1) / 2) + r + r * (r - 1) / 2;
}
struct cycle_offsets {
  u64 n;
  __device__ u64 operator()(u64 s) const { return cycle_offset(s) < n ? cycle_offset(s) : n; }
};

// A block per segment (grid-stride over the segments).
__global__ void fill_keys_by_segment(u32* keys, const u64* off, u64 segs, int bits) {
  for (u64 s = blockIdx.x; s < segs; s += gridDim.x) {
    const u64 start = off[s], len = off[s + 1] - start;
    for (u64 r = threadIdx.x; r < len; r += blockDim.x) keys[start + r] = segment_key(s, r, len, bits);
  }
}
__global__ void count_wrong_by_segment(const u32* out, const u64* off, u64 segs, int bits, count_t* wrong) {
  count_t mine = 0;
  for (u64 s = blockIdx.x; s < segs; s += gridDim.x) {
    const u64 start = off[s], len = off[s + 1] - start;
    for (u64 r = threadIdx.x; r < len; r += blockDim.x)
      mine += out[start + r] != sorted_segment_key(s, r, len, bits, false);
  }
  if (mine) atomicAdd(wrong, mine);
}

TEST(LargeInputsGpu, SegmentedSortOffsets) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  u64 segs = 0;
  while (cycle_offset(segs) < n) ++segs;  // offsets[segs] = n
  // uint32 in and out, uint64 offsets; the grid bin's uint32 chunk buffer
  // (about n) and, stable, as many uint32 positions
  REQUIRE_DEVICE_BYTES(16 * n + 8 * (segs + 1));
  ordo::device_buffer<u32> in(n), out(n);
  ordo::device_buffer<u64> offsets(segs + 1);
  wrong_count wrong;
  fill(offsets, cycle_offsets{n});
  constexpr int bits = 12;  // 2^12 >= 4000
  fill_keys_by_segment<<<grid, block>>>(in.data(), offsets.data(), segs, bits);
  for (int c = 0; c < 3; ++c) {
    ordo::segmented_sort_options o;
    o.path = c == 1 ? ordo::segsort_path::binned : ordo::segsort_path::automatic;
    o.stable = c == 2;
    poison(out);
    ordo::segmented_sort(ordo::cuda{}, const_span(in), out.span(), ordo::by_offsets(const_span(offsets)), o);
    EXPECT_EQ(wrong.run([&](count_t* w) {
      count_wrong_by_segment<<<grid, block>>>(out.data(), offsets.data(), segs, bits, w);
    }),
              0u)
        << segs << " segments by uint64 offsets, " << describe(o);
  }
}

TEST(LargeInputsGpu, SegmentedSortLongSegments) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  // 10^7 (the grid bin's partition path), 10^9, and 3.28 * 10^9 across 2^32
  // (chunk groups and merge passes; at most 2^32 - 1 a segment on the GPU)
  const u64 b1 = 10000000, b2 = b1 + 1000000000;
  const std::vector<u64> bounds = {0, b1, b2, n};
  for (int s = 0; s < 3; ++s) {
    const u64 len = bounds[s + 1] - bounds[s];
    ASSERT_TRUE(len < two_to_32 && std::gcd(spread, len) == 1) << len;
  }
  // uint32 in and out; the grid bin's two uint32 chunk buffers of about n
  // and, stable, two uint32 position buffers
  REQUIRE_DEVICE_BYTES(25 * n);
  ordo::device_buffer<u32> in(n), out(n);
  ordo::device_buffer<u64> offsets{std::span<const u64>(bounds)};
  wrong_count wrong;
  const three_layout layout{n, b1, b2};
  fill(in, segment_keys<three_layout>{layout, 32});
  for (int c = 0; c < 3; ++c) {
    ordo::segmented_sort_options o;
    o.path = c == 2 ? ordo::segsort_path::binned : ordo::segsort_path::automatic;
    o.stable = c == 1;
    poison(out);
    ordo::segmented_sort(ordo::cuda{}, const_span(in), out.span(), ordo::by_offsets(const_span(offsets)), o);
    EXPECT_EQ(wrong(out.data(), n, sorted_segment_keys<three_layout>{layout, 32, false}), 0u)
        << "segments of " << b1 << ", " << b2 - b1 << ", " << n - b2 << ": " << describe(o);
  }
}

// ---------------------------------------------------------------- rank ----

// keys[i] = (p >> 2) - 2^29 with p = scramble(i): groups of 4 equal keys
// (the last group of 1) in scrambled order.
struct rank_keys {
  u64 n;
  __device__ i32 operator()(u64 i) const { return i32(scramble(i, n, 12345) >> 2) - (i32(1) << 29); }
};
enum class rank_check { min_ascending, max_ascending, dense_descending };
struct rank_want {
  u64 n;
  rank_check check;
  __device__ u64 operator()(u64 i) const {
    const u64 p = scramble(i, n, 12345);
    switch (check) {
      case rank_check::min_ascending: return (p & ~u64(3)) + 1;
      case rank_check::max_ascending: return (p | 3) + 1 < n ? (p | 3) + 1 : n;
      case rank_check::dense_descending: break;
    }
    return (n + 3) / 4 - (p >> 2);
  }
};

TEST(LargeInputsGpu, RankUnsorted) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  ASSERT_EQ(std::gcd(mersenne31, n), 1u);
  // int32 keys, uint64 ranks; sort_back with 64-bit indices (n >= 2^31):
  // two uint32 order-bit and two uint64 index buffers, then uint64 ranks in
  // sorted order, and CUB's temporary storage
  REQUIRE_DEVICE_BYTES(45 * n);
  ordo::device_buffer<i32> keys(n);
  ordo::device_buffer<u64> ranks(n);
  wrong_count wrong;
  fill(keys, rank_keys{n});
  struct rank_case {
    ordo::rank_method method;
    bool ascending;
    rank_check check;
  };
  const rank_case cases[] = {{ordo::rank_method::min, true, rank_check::min_ascending},
                             {ordo::rank_method::max, true, rank_check::max_ascending},
                             {ordo::rank_method::dense, false, rank_check::dense_descending}};
  for (const rank_case& c : cases) {
    ordo::rank_options o;
    o.method = c.method;
    o.ascending = c.ascending;
    poison(ranks);
    ordo::rank(ordo::cuda{}, const_span(keys), ranks.span(), o);
    EXPECT_EQ(wrong(ranks.data(), n, rank_want{n, c.check}), 0u)
        << ordo::to_string(c.method) << (c.ascending ? " ascending" : " descending") << ", uint64 ranks";
  }
}

// int8 keys (i % 251) - 125, more than 2^32 of them: automatic ranks 8-bit
// keys by counting on the GPU (dispatch/counting.cuh), where they lie: the
// keys and the uint64 ranks are all the memory (9 bytes a key). With
// q = n / 251, e = n % 251, residue r holds q + (r < e) keys and r q +
// min(r, e) keys lie below it.
struct narrow_rank_keys {
  __device__ std::int8_t operator()(u64 i) const { return std::int8_t(int(i % 251) - 125); }
};
struct narrow_rank_want {
  u64 n;
  ordo::rank_method method;
  __device__ u64 operator()(u64 i) const {
    const u64 q = n / 251, e = n % 251, r = i % 251;
    const u64 below = r * q + (r < e ? r : e), count = q + (r < e);
    if (method == ordo::rank_method::min) return below + 1;
    if (method == ordo::rank_method::max) return below + count;
    return r + 1;  // dense
  }
};

TEST(LargeInputsGpu, RankUnsortedNarrowKeys) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  // int8 keys, uint64 ranks
  REQUIRE_DEVICE_BYTES(9 * n);
  ordo::device_buffer<std::int8_t> keys(n);
  ordo::device_buffer<u64> ranks(n);
  wrong_count wrong;
  fill(keys, narrow_rank_keys{});
  for (auto method : {ordo::rank_method::min, ordo::rank_method::max, ordo::rank_method::dense}) {
    ordo::rank_options o;
    o.method = method;
    poison(ranks);
    ordo::rank(ordo::cuda{}, const_span(keys), ranks.span(), o);
    EXPECT_EQ(wrong(ranks.data(), n, narrow_rank_want{n, method}), 0u) << ordo::to_string(method) << ", int8 keys";
  }
}

// ----------------------------------------------------------- list_rank ----

// One list through every node in scrambled order: node scramble(k) is the
// k-th (rank k).
__global__ void link_scrambled_list(u64* succ, u64 n, u64 end) {
  EACH_INDEX(k, n) succ[scramble(k, n, 777)] = k + 1 < n ? scramble(k + 1, n, 777) : end;
}
__global__ void count_wrong_list_ranks(const u64* ranks, u64 n, count_t* wrong) {
  count_t mine = 0;
  EACH_INDEX(i, n) {
    const u64 k = ranks[i];
    mine += k >= n || scramble(k, n, 777) != i;
  }
  if (mine) atomicAdd(wrong, mine);
}

TEST(LargeInputsGpu, ListRank) {
  ORDO_REQUIRE_GPU();
  const u64 n = n_large;
  ASSERT_EQ(std::gcd(mersenne31, n), 1u);
  // uint64 succ and ranks; RHJ's first level: uint64 heads and 16-byte walk
  // records for every node, then the levels below (about 1.3 bytes a node)
  REQUIRE_DEVICE_BYTES(42 * n);
  ordo::device_buffer<u64> succ(n), ranks(n);
  wrong_count wrong;
  link_scrambled_list<<<grid, block>>>(succ.data(), n, ordo::list_end<u64>);
  poison(ranks);
  ordo::list_rank(ordo::cuda{}, const_span(succ), ranks.span());
  EXPECT_EQ(wrong.run([&](count_t* w) { count_wrong_list_ranks<<<grid, block>>>(ranks.data(), n, w); }), 0u)
      << "one scrambled list, uint64 succ and ranks";
}

// ---------------------------------------------------------------- topk ----

// Row r of len (even) int32 keys: key(r, e) = (v >> 1) + 1000 (r % 1000) -
// 500000 with v = (a e + 7r) % len, a permutation of [0, len): each key of
// the row twice, at e_of(2m) and e_of(2m + 1). The j-th output takes key m =
// len/2 - 1 - j/2 (largest) or j/2 (smallest), the lower index first.
struct topk_rows_case {
  u64 len, k, a, a_inv;
  bool largest;
  __host__ __device__ u64 shift(u64 r) const { return r * 7 % len; }
  __host__ __device__ u64 value(u64 r, u64 e) const { return (a * e + shift(r)) % len; }
  __host__ __device__ u64 e_of(u64 r, u64 v) const { return a_inv * ((v + len - shift(r)) % len) % len; }
  __host__ __device__ i32 key(u64 r, u64 e) const {
    return i32(value(r, e) >> 1) + i32(r % 1000) * 1000 - 500000;
  }
  __host__ __device__ u64 index_at(u64 r, u64 j) const {
    const u64 m = largest ? len / 2 - 1 - j / 2 : j / 2, e1 = e_of(r, 2 * m), e2 = e_of(r, 2 * m + 1);
    const u64 lower = e1 < e2 ? e1 : e2, higher = e1 < e2 ? e2 : e1;
    return j % 2 == 0 ? lower : higher;
  }
};
struct topk_keys {
  topk_rows_case c;
  __device__ i32 operator()(u64 i) const { return c.key(i / c.len, i % c.len); }
};
__global__ void count_wrong_topk(const i32* values, const i64* indices, u64 outputs, topk_rows_case c,
                                 count_t* wrong) {
  count_t mine = 0;
  EACH_INDEX(o, outputs) {
    const u64 r = o / c.k, e = c.index_at(r, o % c.k);
    mine += indices[o] != i64(e) || values[o] != c.key(r, e);
  }
  if (mine) atomicAdd(wrong, mine);
}

u64 inverse_mod(u64 a, u64 m) {
  for (u64 x = 1; x < m; ++x)
    if (a * x % m == 1) return x;
  return 0;
}

// rows x len keys, more than 2^32; both orders.
void check_topk_rows(u64 rows, u64 len, u64 k, const char* path) {
  const u64 n = rows * len, outputs = rows * k;
  ASSERT_GT(n, two_to_32);
  ASSERT_TRUE(len % 2 == 0 && k <= len);
  constexpr u64 a = 7919;
  const u64 a_inv = inverse_mod(a, len);
  ASSERT_NE(a_inv, 0u);
  ordo::device_buffer<i32> keys(n), values(outputs);
  ordo::device_buffer<i64> indices(outputs);
  wrong_count wrong;
  fill(keys, topk_keys{topk_rows_case{len, k, a, a_inv, true}});
  for (bool largest : {true, false}) {
    const topk_rows_case c{len, k, a, a_inv, largest};
    poison(values);
    poison(indices);
    ordo::topk_rows(ordo::cuda{}, const_span(keys), len, k, values.span(), indices.span(), {largest});
    EXPECT_EQ(wrong.run([&](count_t* w) {
      count_wrong_topk<<<grid, block>>>(values.data(), indices.data(), outputs, c, w);
    }),
              0u)
        << path << ": " << rows << " rows of " << len << ", k = " << k << (largest ? ", largest" : ", smallest");
  }
}

TEST(LargeInputsGpu, TopkRowsWarp) {
  ORDO_REQUIRE_GPU();
  const u64 rows = 4294977, len = 1000, k = 10;  // 2^32 + 9704 keys; a warp a row (len <= 1024, k <= 32)
  REQUIRE_DEVICE_BYTES(4 * rows * len + 12 * rows * k);  // int32 keys and values, int64 indices
  check_topk_rows(rows, len, k, "warp per row");
}

TEST(LargeInputsGpu, TopkRowsSort) {
  ORDO_REQUIRE_GPU();
  const u64 rows = 2863313, len = 1500, k = 40;  // 2^32 + 2204 keys; the segmented sort (len > 1024, k > 32)
  // int32 keys and values, int64 indices; two uint32 code and two uint64
  // index buffers of n for the stable segmented sort (64-bit indices: n >= 2^31)
  REQUIRE_DEVICE_BYTES(28 * rows * len + 12 * rows * k);
  check_topk_rows(rows, len, k, "segmented sort");
}

}  // namespace
