// segmented_sort with fixed-length segments computes its bin summary on the
// host, so the call reads nothing back and never waits on the device: it can
// be captured into a CUDA graph (issue 4's stretch goal; offsets and bounds
// still read the histogram back once). Captured in global mode, so any
// synchronising call would invalidate the capture; the graph is then
// launched over two sets of keys and checked against the reference each time.
#include <cuda_runtime.h>
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "common/segsort_cases.hpp"
#include "gpu/device_space.hpp"
#include "gpu/gpu_cases.hpp"

namespace {

using namespace ordo_test;

seg_shape fixed_shape(std::uint64_t n, std::uint64_t len, std::uint64_t first) {
  seg_shape s;
  s.name = "graph_fixed_" + std::to_string(len) + "_" + std::to_string(first);
  s.form = 2;
  s.length = len;
  s.first = first;
  s.n = n;
  if (first) s.begin.push_back(0), s.end.push_back(first);
  for (std::uint64_t b = first; b < n; b += len) s.begin.push_back(b), s.end.push_back(std::min(b + len, n));
  return s;
}

// Short tiles (8), the warp bucket sort (100, 50), a radix tile (700), the
// grid bin's bucket segments (3000) and its partition path (20000), each
// with a head and a tail.
TEST(SegsortGpu, SmallFixedLengthGraphCapture) {
  ORDO_REQUIRE_GPU();
  cudaStream_t st = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&st, cudaStreamNonBlocking), cudaSuccess);
  device_space sp;
  const ordo::cuda exec{st, nullptr};
  for (auto [len, first] : {std::pair<std::uint64_t, std::uint64_t>{8, 0}, {100, 3}, {50, 0}, {700, 1}, {3000, 0},
                            {20000, 5}}) {
    const auto s = fixed_shape(60013, len, first);
    const auto keys1 = random_keys<std::uint32_t>(s.n, 1u << 20, 101), keys2 = random_keys<std::uint32_t>(s.n, 1000, 102);
    std::vector<std::uint32_t> vals(s.n);
    for (std::size_t i = 0; i < s.n; ++i) vals[i] = std::uint32_t(i * 7 + 1);
    auto d_k = sp.buf(keys1);
    auto d_v = sp.buf(vals);
    auto d_ko = sp.buf(std::vector<std::uint32_t>(s.n, prim_poison<std::uint32_t>()));
    auto d_vo = sp.buf(std::vector<std::uint32_t>(s.n, prim_poison<std::uint32_t>()));
    ordo::segmented_sort_options o;
    o.stable = true;
    cudaGraph_t graph = nullptr;
    ASSERT_EQ(cudaStreamBeginCapture(st, cudaStreamCaptureModeGlobal), cudaSuccess);
    std::string failed;
    try {
      ordo::segmented_sort(exec, sp.cspan(d_k), sp.span(d_ko), sp.cspan(d_v), sp.span(d_vo),
                           ordo::fixed_length(len, first), o);
    } catch (const ordo::error& e) {
      failed = e.what();
    }
    const cudaError_t end = cudaStreamEndCapture(st, &graph);
    ASSERT_TRUE(failed.empty()) << s.name << ": the call failed under capture: " << failed;
    ASSERT_EQ(end, cudaSuccess) << s.name << ": " << cudaGetErrorString(end);
    cudaGraphExec_t exec_graph = nullptr;
    ASSERT_EQ(cudaGraphInstantiate(&exec_graph, graph, 0), cudaSuccess) << s.name;
    for (const auto* keys : {&keys1, &keys2}) {
      d_k.upload(std::span<const std::uint32_t>(*keys));
      ASSERT_EQ(cudaGraphLaunch(exec_graph, st), cudaSuccess) << s.name;
      ASSERT_EQ(cudaStreamSynchronize(st), cudaSuccess) << s.name;
      const auto perm = ref_segsort_perm(*keys, s, ordo::less{});
      ASSERT_TRUE(check_segments(sp.get(d_ko), *keys, perm, s, true, ordo::less{}, s.name + " keys"));
      std::vector<std::uint32_t> want(s.n, prim_poison<std::uint32_t>());
      for (std::size_t i = 0; i < s.begin.size(); ++i)
        for (auto j = s.begin[i]; j < s.end[i]; ++j) want[j] = vals[perm[j]];
      ASSERT_TRUE(same_bits(sp.get(d_vo), want, s.name + " values"));
    }
    cudaGraphExecDestroy(exec_graph);
    cudaGraphDestroy(graph);
  }
  cudaStreamDestroy(st);
}

}  // namespace
