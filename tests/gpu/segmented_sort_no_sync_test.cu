// segmented_sort with host_sync = false (issue 32): the offsets and bounds
// forms without a read-back, whose choices bin_plan_kernel makes on the
// device and whose launches are sized from bounds. Checked against the
// references on every shape and path of the suite, captured into a CUDA
// graph (global capture mode: any synchronising call would invalidate it)
// and replayed over new keys and new offsets in the same buffers, with a
// user comparator, and with bad offsets, which must set the status word and
// leave the output unwritten, with no error on the stream.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "common/segsort_cases.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"
#include "ordo/cuda/segmented_sort.cuh"

namespace {

using namespace ordo_test;
using P = ordo::segsort_path;

// Every shape of the suite (offsets with a lead, bounds with gaps in
// shuffled order, fixed lengths), short and hybrid mixes, long segments
// whose merge passes and partition path run from bounds; each path.
TEST(SegsortNoSyncGpu, EveryShapeEveryPath) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  auto shapes = segsort_shapes(true, 31);
  {
    std::vector<std::uint64_t> lens;
    rng r(77);
    for (int i = 0; i < 3000; ++i) {
      const auto x = r.below(100);
      lens.push_back(x < 98 ? r.below(65) : x < 99 ? 65 + r.below(1984) : 2049 + r.below(4000));
    }
    shapes.push_back(offsets_shape("hybrid", lens, 3));
    std::vector<std::uint64_t> tiny(9000);
    for (auto& l : tiny) l = r.below(4) == 0 ? 0 : 1 + r.below(r.below(8) == 0 ? 64 : 9);
    shapes.push_back(offsets_shape("short_mixed", tiny, 3));
  }
  shapes.push_back(offsets_shape("long", {1u << 20, 5, 300001, 0, 2049, 65536}));
  shapes.push_back(offsets_shape("partition", {8193, 20000, 0, 65536, 12000, 9000, 40000, 3, 16384}, 5));
  for (const auto& s : shapes) {
    for (auto path : {P::automatic, P::binned, P::short_tiles, P::radix_tiles}) {
      check_segsort_keys<device_space, std::uint32_t>(sp, s, "random", false, false, 51, path, false);
      check_segsort_pairs<device_space, std::uint32_t, std::uint32_t>(sp, s, "few_distinct", false, false, 52, path,
                                                                      false);
    }
    check_segsort_keys<device_space, std::int64_t>(sp, s, "few_distinct", true, true, 53, P::automatic, false);
    check_segsort_keys<device_space, float>(sp, s, "nans_zeros", false, true, 54, P::automatic, false);
    check_segsort_pairs<device_space, double, std::uint64_t>(sp, s, "random", true, true, 55, P::automatic, false);
    check_segsort_pairs<device_space, std::int32_t, std::uint32_t, std::uint64_t>(sp, s, "spiked", false, false, 56,
                                                                                  P::automatic, false);
  }
}

struct by_abs_desc {
  __host__ __device__ bool operator()(int a, int b) const { return (a < 0 ? -a : a) > (b < 0 ? -b : b); }
};

// A user comparator takes the binned path and the merge passes.
TEST(SegsortNoSyncGpu, UserComparator) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  const auto s = offsets_shape("user", {0, 1, 3, 40, 100, 700, 2048, 2049, 9000, 33, 70000}, 2);
  const auto keys = random_keys<std::int32_t>(s.n, 1000, 61);
  std::vector<std::int32_t> signed_keys(keys);
  for (std::size_t i = 0; i < s.n; i += 3) signed_keys[i] = -signed_keys[i];
  auto d_k = sp.buf(signed_keys);
  auto d_ko = sp.buf(std::vector<std::int32_t>(s.n, prim_poison<std::int32_t>()));
  auto off = sp.buf(std::vector<std::uint64_t>(s.offsets));
  auto status = sp.buf(std::vector<std::uint64_t>{0});
  ordo::segmented_sort_options o;
  o.host_sync = false;
  o.status = sp.span(status).data();
  ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_ko), ordo::by_offsets(sp.cspan(off)), o, by_abs_desc{});
  ASSERT_EQ(sp.get(status)[0], ~0ull);
  const auto perm = ref_segsort_perm(signed_keys, s, by_abs_desc{});
  ASSERT_TRUE(check_segments(sp.get(d_ko), signed_keys, perm, s, true, by_abs_desc{}, "user comparator"));
}

// Captured once, replayed over two key sets and two segmentations written
// into the same offsets buffer (the second with a different bin mix), each
// checked against the reference: the graph holds no host-side decision.
TEST(SegsortNoSyncGpu, OffsetsGraphCapture) {
  ORDO_REQUIRE_GPU();
  cudaStream_t st = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking), cudaSuccess);
  device_space sp;
  const ordo::cuda exec{st, nullptr};
  const std::uint64_t n = 400003;
  std::vector<seg_shape> shapes;
  {
    // The same number of segments: a, every bin and a few grid-bin ones;
    // b, short ones and then one long last segment (the partition path).
    rng r(5);
    std::vector<std::uint64_t> a, b;
    for (int i = 0; i < 3000; ++i) a.push_back(i % 150 == 0 ? 2049 + r.below(8000) : r.below(90));
    std::uint64_t used = 0;
    for (int i = 0; i + 1 < 3000; ++i) b.push_back(r.below(20)), used += b.back();
    b.push_back(n - 7 - used);
    shapes.push_back(offsets_shape("graph_a", a, 7));
    shapes.push_back(offsets_shape("graph_b", b, 7));
  }
  for (auto& s : shapes) s.n = n;  // one buffer size for both (a leaves a tail uncovered)
  auto off = sp.buf(std::vector<std::uint64_t>(shapes[0].offsets));
  auto status = sp.buf(std::vector<std::uint64_t>{0});
  const auto keys0 = random_keys<std::uint32_t>(n, 1u << 20, 101);
  std::vector<std::uint32_t> vals(n);
  for (std::size_t i = 0; i < n; ++i) vals[i] = std::uint32_t(i * 7 + 1);
  auto d_k = sp.buf(keys0);
  auto d_v = sp.buf(vals);
  auto d_ko = sp.buf(std::vector<std::uint32_t>(n, prim_poison<std::uint32_t>()));
  auto d_vo = sp.buf(std::vector<std::uint32_t>(n, prim_poison<std::uint32_t>()));
  ordo::segmented_sort_options o;
  o.host_sync = false;
  o.status = sp.span(status).data();
  cudaGraph_t graph = nullptr;
  ASSERT_EQ(cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal), cudaSuccess);
  std::string failed;
  try {
    ordo::segmented_sort(exec, sp.cspan(d_k), sp.span(d_ko), sp.cspan(d_v), sp.span(d_vo),
                         ordo::by_offsets(sp.cspan(off)), o);
  } catch (const ordo::error& e) {
    failed = e.what();
  }
  const cudaError_t end = cudaStreamEndCapture(st, &graph);
  ASSERT_TRUE(failed.empty()) << "the call failed under capture: " << failed;
  ASSERT_EQ(end, cudaSuccess) << cudaGetErrorString(end);
  cudaGraphExec_t exec_graph = nullptr;
  ASSERT_EQ(cudaGraphInstantiate(&exec_graph, graph, 0), cudaSuccess);
  int round = 0;
  for (const auto& s : shapes) {
    for (std::uint64_t seed : {102, 103}) {
      const auto keys = random_keys<std::uint32_t>(n, seed == 102 ? 1000 : 1u << 30, seed);
      const std::string what = s.name + " seed " + std::to_string(seed);
      d_k.upload(std::span<const std::uint32_t>(keys));
      off.upload(std::span<const std::uint64_t>(s.offsets));
      d_ko.upload(std::span<const std::uint32_t>(std::vector<std::uint32_t>(n, prim_poison<std::uint32_t>())));
      d_vo.upload(std::span<const std::uint32_t>(std::vector<std::uint32_t>(n, prim_poison<std::uint32_t>())));
      ASSERT_EQ(cudaGraphLaunch(exec_graph, st), cudaSuccess) << what;
      ASSERT_EQ(cudaStreamSynchronize(st), cudaSuccess) << what;
      ASSERT_EQ(sp.get(status)[0], ~0ull) << what;
      const auto perm = ref_segsort_perm(keys, s, ordo::less{});
      ASSERT_TRUE(check_segments(sp.get(d_ko), keys, perm, s, true, ordo::less{}, what + " keys"));
      std::vector<std::uint32_t> want(n, prim_poison<std::uint32_t>());
      for (std::size_t i = 0; i < s.begin.size(); ++i)
        for (auto j = s.begin[i]; j < s.end[i]; ++j) want[j] = vals[perm[j]];
      ASSERT_TRUE(same_bits(sp.get(d_vo), want, what + " values"));
      ++round;
    }
  }
  EXPECT_EQ(round, 4);
  cudaGraphExecDestroy(exec_graph);
  cudaGraphDestroy(graph);
  cudaStreamDestroy(st);
}

// Bad offsets: decreasing, past n, a reversed bounds pair. The call returns
// without throwing, the status names the first bad segment, the outputs
// stay unwritten and the stream is healthy (a good call after it works).
TEST(SegsortNoSyncGpu, SmallBadSegmentsSetStatus) {  // in the compute-sanitizer subset
  ORDO_REQUIRE_GPU();
  device_space sp;
  const std::uint64_t n = 5000;
  const auto keys = random_keys<std::uint32_t>(n, 1000, 71);
  auto d_k = sp.buf(keys);
  auto status = sp.buf(std::vector<std::uint64_t>{0});
  ordo::segmented_sort_options o;
  o.host_sync = false;
  o.status = sp.span(status).data();
  const std::vector<std::uint32_t> poison(n, prim_poison<std::uint32_t>());
  struct bad_case {
    std::string name;
    std::vector<std::uint64_t> offsets;
    std::uint64_t first_bad;
  };
  const std::vector<bad_case> cases = {
      {"decreasing", {0, 100, 3000, 2000, 4000, 5000}, 2},
      {"past n", {0, 10, 4000, 5001}, 2},
      {"decreasing at the start", {50, 40, 5000}, 0},
      {"short and decreasing", {0, 8, 16, 12, 20, 30}, 2},
  };
  for (const auto& c : cases) {
    auto off = sp.buf(c.offsets);
    auto d_ko = sp.buf(poison);
    ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_ko), ordo::by_offsets(sp.cspan(off)), o);
    EXPECT_EQ(sp.get(status)[0], c.first_bad) << c.name;
    EXPECT_TRUE(same_bits(sp.get(d_ko), poison, c.name + ": nothing written"));
  }
  {  // by_bounds (validate off): a reversed pair
    auto b = sp.buf(std::vector<std::uint64_t>{0, 900, 300});
    auto e = sp.buf(std::vector<std::uint64_t>{100, 800, 400});
    auto d_ko = sp.buf(poison);
    o.validate = false;
    ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_ko), ordo::by_bounds(sp.cspan(b), sp.cspan(e)), o);
    EXPECT_EQ(sp.get(status)[0], 1u) << "bounds";
    EXPECT_TRUE(same_bits(sp.get(d_ko), poison, "bounds: nothing written"));
    o.validate = true;
  }
  ASSERT_EQ(cudaGetLastError(), cudaSuccess);
  // A good call after them, into a stream that kept working.
  check_segsort_keys<device_space, std::uint32_t>(sp, offsets_shape("after", {10, 0, 300, 3000, 5}), "random", false,
                                                  true, 72, P::automatic, false);
}

// What the option refuses, before any work: no status word; by_bounds with
// the overlap check (which reads back). Fixed lengths set the status to ~0.
TEST(SegsortNoSyncGpu, SmallOptionErrors) {
  ORDO_REQUIRE_GPU();
  device_space sp;
  const std::uint64_t n = 100;
  auto d_k = sp.buf(random_keys<std::uint32_t>(n, 1000, 81));
  auto d_ko = sp.buf(std::vector<std::uint32_t>(n, 0));
  auto off = sp.buf(std::vector<std::uint64_t>{0, 50, 100});
  ordo::segmented_sort_options o;
  o.host_sync = false;
  const auto expect_invalid = [&](auto&& call, const char* needle) {
    try {
      call();
      ADD_FAILURE() << "no error; wanted one naming " << needle;
    } catch (const ordo::error& e) {
      EXPECT_EQ(e.code(), ordo::errc::invalid_argument) << e.what();
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_invalid([&] { ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_ko), ordo::by_offsets(sp.cspan(off)), o); },
                 "options.status");
  auto status = sp.buf(std::vector<std::uint64_t>{0});
  o.status = sp.span(status).data();
  auto b = sp.buf(std::vector<std::uint64_t>{0, 50});
  auto e = sp.buf(std::vector<std::uint64_t>{50, 100});
  expect_invalid(
      [&] { ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_ko), ordo::by_bounds(sp.cspan(b), sp.cspan(e)), o); },
      "validate = false");
  ordo::segmented_sort(sp.exec, sp.cspan(d_k), sp.span(d_ko), ordo::fixed_length(7), o);
  EXPECT_EQ(sp.get(status)[0], ~0ull);
}

}  // namespace
