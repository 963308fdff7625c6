// Block scope: the decoupled look-back's tile state for the segmented scan of
// 8-byte values. A tile publishes (status, head, value) as one 16-byte
// descriptor, written and read by one 16-byte access, so a reader that sees
// the status sees its value without a fence. CUB's tile state does this for
// a primitive value of up to 8 bytes; the (value, head) pair of an 8-byte
// value is not primitive, and cub::ScanTileState<pair, false> keeps status
// and values in separate arrays with a fence between them: slow enough that
// 8-byte tiles had to grow to 4096 items to amortise the look-back
// (bench/probes/segscan_probe.cu). The interface is the one
// cub::TilePrefixCallbackOp calls: SetPartial, SetInclusive, WaitForValid.
// Like CUB's, this relies on an aligned 16-byte access being seen whole.
#pragma once
#include <cub/agent/single_pass_scan_operators.cuh>  // cub::ScanTileStatus

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "ordo/cuda/primitives/thread/segment_pair.cuh"

namespace ordo::detail::prim {

template <class Acc>
struct segment_pair_tile_state {
  static_assert(sizeof(Acc) == 8, "the descriptor holds an 8-byte value");
  using pair_t = typename segment_pair<Acc>::type;
  using StatusWord = unsigned int;
  struct descriptor {
    StatusWord status;
    std::uint32_t head;
    Acc value;
  };
  static_assert(sizeof(descriptor) == 16, "one 16-byte access");
  // Tile i's descriptor is word[padding + i]; the padding lets the first
  // tiles' look-back windows read OOB descriptors instead of going negative.
  static constexpr int padding = 32;
  ulonglong2* word = nullptr;

  static cudaError_t AllocationSize(int tiles, std::size_t& bytes) {
    bytes = (std::size_t(tiles) + padding) * sizeof(ulonglong2);
    return cudaSuccess;
  }
  cudaError_t Init(int /*tiles*/, void* temp, std::size_t /*bytes*/) {
    word = static_cast<ulonglong2*>(temp);
    return cudaSuccess;
  }

  __device__ void InitializeStatus(int tiles) {
    const int i = int(blockIdx.x * blockDim.x + threadIdx.x);
    if (i < tiles) store(padding + i, descriptor{cub::SCAN_TILE_INVALID, 0, Acc{}});
    if (blockIdx.x == 0 && threadIdx.x < padding) store(int(threadIdx.x), descriptor{cub::SCAN_TILE_OOB, 0, Acc{}});
  }
  __device__ void SetPartial(int tile, const pair_t& p) {
    store(padding + tile, descriptor{cub::SCAN_TILE_PARTIAL, p.head, p.v});
  }
  __device__ void SetInclusive(int tile, const pair_t& p) {
    store(padding + tile, descriptor{cub::SCAN_TILE_INCLUSIVE, p.head, p.v});
  }
  // Spins (the warp together) until tile's descriptor is no longer INVALID.
  template <class Delay>
  __device__ void WaitForValid(int tile, StatusWord& status, pair_t& value, Delay delay) {
    descriptor d = load(padding + tile);
    while (__any_sync(0xffffffffu, d.status == cub::SCAN_TILE_INVALID)) {
      delay();
      d = load(padding + tile);
    }
    status = d.status;
    value = pair_t{d.value, d.head};
  }

 private:
  __device__ void store(int at, const descriptor& d) {
    ulonglong2 w;
    std::memcpy(&w, &d, sizeof w);
    asm volatile("st.relaxed.gpu.v2.u64 [%0], {%1, %2};" ::"l"(word + at), "l"(w.x), "l"(w.y) : "memory");
  }
  __device__ descriptor load(int at) const {
    ulonglong2 w;
    asm volatile("ld.relaxed.gpu.v2.u64 {%0, %1}, [%2];" : "=l"(w.x), "=l"(w.y) : "l"(word + at) : "memory");
    descriptor d;
    std::memcpy(&d, &w, sizeof d);
    return d;
  }
};

}  // namespace ordo::detail::prim
