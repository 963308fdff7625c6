// Design probe: what random and windowed scatters cost on the device.
// Answers two questions that decide algorithm layouts:
//   - list ranking (issue 3): does a random write of a whole 32-byte sector
//     avoid the read-modify-write that a random 8-byte write costs?
//   - rank over unsorted keys (issue 2): does a 4-byte scatter confined to
//     an L2-sized window run near copy speed?
// Build and run: nvcc -O3 -arch=sm_90 -std=c++17 scatter_probe.cu -o p && ./p > probe.json
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CK(x)                                                              \
  do {                                                                     \
    cudaError_t e_ = (x);                                                  \
    if (e_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));        \
      std::exit(1);                                                        \
    }                                                                      \
  } while (0)

// A bijection on the low `bits` bits: odd multiplies and xor-shifts.
__device__ __forceinline__ std::uint64_t mix(std::uint64_t x, unsigned bits) {
  const std::uint64_t mask = (bits == 64) ? ~0ull : ((1ull << bits) - 1);
  const unsigned h = bits / 2 ? bits / 2 : 1;
  x = (x * 0x9E3779B97F4A7C15ull) & mask;
  x ^= x >> h;
  x = (x * 0xC2B2AE3D27D4EB4Full) & mask;
  x ^= x >> h;
  x = (x * 0x165667B19E3779F9ull) & mask;
  x ^= x >> h;
  return x;
}

// Position i goes to a random place inside its window of 2^wbits.
__device__ __forceinline__ std::uint64_t target(std::uint64_t i, unsigned wbits) {
  const std::uint64_t w = (1ull << wbits) - 1;
  return (i & ~w) | mix(i & w, wbits);
}

template <int S>
struct alignas(S > 16 ? 16 : S) rec {
  std::uint32_t w[S / 4];
};

template <int S>
__global__ void scatter(rec<S>* out, std::uint64_t n, unsigned wbits) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x) {
    rec<S> r;
#pragma unroll
    for (int k = 0; k < S / 4; ++k) r.w[k] = std::uint32_t(i) + k;
    out[target(i, wbits)] = r;
  }
}

// The same writes as atomic adds into zeroed memory whose results are
// unused (RED): the L2 applies them whole, without a partial-sector store.
template <class W>
__global__ void scatter_red(W* out, std::uint64_t n, unsigned wbits) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    atomicAdd(out + target(i, wbits), W(i));
}

// The same writes as compare-and-swap claims whose result is used (as a
// claim-based list walk would): ATOM.CAS, the thread waits for the answer.
__global__ void scatter_cas8(unsigned long long* out, std::uint64_t n, unsigned wbits, unsigned* lost) {
  unsigned mine = 0;
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    mine += atomicCAS(out + target(i, wbits), ~0ull, i) != ~0ull;
  if (mine) atomicAdd(lost, mine);
}

__global__ void gather4(const std::uint32_t* in, std::uint32_t* out, std::uint64_t n, unsigned wbits) {
  for (std::uint64_t i = blockIdx.x * std::uint64_t(blockDim.x) + threadIdx.x; i < n;
       i += std::uint64_t(gridDim.x) * blockDim.x)
    out[i] = in[target(i, wbits)];
}

template <class F>
float time_ms(F f) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  f();
  f();
  std::vector<float> t;
  for (int r = 0; r < 7; ++r) {
    CK(cudaEventRecord(a));
    f();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, a, b));
    t.push_back(ms);
  }
  CK(cudaGetLastError());
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

int main() {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const unsigned grid = sms * 16, block = 256;
  std::printf("{\"probe\": \"scatter\", \"rows\": [\n");
  bool first = true;
  auto row = [&](const char* what, unsigned log2n, int bytes, unsigned wbits, float ms, float copy) {
    std::printf("%s  {\"what\": \"%s\", \"log2n\": %u, \"bytes\": %d, \"window_log2\": %u, \"ms\": %.4f, "
                "\"copy_ms\": %.4f}",
                first ? "" : ",\n", what, log2n, bytes, wbits, ms, copy);
    first = false;
  };
  for (unsigned log2n : {25u, 28u}) {
    const std::uint64_t n = 1ull << log2n;
    void *a = nullptr, *b = nullptr;
    CK(cudaMalloc(&a, n * 32));
    CK(cudaMalloc(&b, n * 4));
    CK(cudaMemset(a, 0, n * 32));
    CK(cudaMemset(b, 0, n * 4));
    // copy of n 4-byte words: the streaming reference for a 4-byte scatter.
    const float copy4 = time_ms([&] { CK(cudaMemcpyAsync(a, b, n * 4, cudaMemcpyDeviceToDevice)); });
    for (unsigned wbits : {16u, 20u, log2n}) {
      row("scatter", log2n, 4, wbits, time_ms([&] { scatter<4><<<grid, block>>>((rec<4>*)a, n, wbits); }), copy4);
      row("scatter_red", log2n, 4, wbits,
          time_ms([&] { scatter_red<unsigned><<<grid, block>>>((unsigned*)a, n, wbits); }), copy4);
      row("gather", log2n, 4, wbits,
          time_ms([&] { gather4<<<grid, block>>>((const std::uint32_t*)a, (std::uint32_t*)b, n, wbits); }), copy4);
    }
    row("scatter_red", log2n, 8, log2n,
        time_ms([&] { scatter_red<unsigned long long><<<grid, block>>>((unsigned long long*)a, n, log2n); }), copy4);
    unsigned* lost = nullptr;
    CK(cudaMalloc(&lost, sizeof(unsigned)));
    row("scatter_cas", log2n, 8, log2n, time_ms([&] {
          CK(cudaMemsetAsync(a, 0xff, n * 8));
          scatter_cas8<<<grid, block>>>((unsigned long long*)a, n, log2n, lost);
        }), copy4);
    row("memset_then_nothing", log2n, 8, log2n, time_ms([&] { CK(cudaMemsetAsync(a, 0xff, n * 8)); }), copy4);
    CK(cudaFree(lost));
    // Records of 8, 16 and 32 bytes written at random places.
    row("scatter", log2n, 8, log2n, time_ms([&] { scatter<8><<<grid, block>>>((rec<8>*)a, n, log2n); }), copy4);
    row("scatter", log2n, 16, log2n, time_ms([&] { scatter<16><<<grid, block>>>((rec<16>*)a, n, log2n); }), copy4);
    row("scatter", log2n, 32, log2n, time_ms([&] { scatter<32><<<grid, block>>>((rec<32>*)a, n, log2n); }), copy4);
    CK(cudaFree(a));
    CK(cudaFree(b));
  }
  std::printf("\n]}\n");
  return 0;
}
