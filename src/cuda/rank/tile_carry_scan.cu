// Step 2 of the tile kernel's carry pre-pass: two small CUB scans over one
// value per tile (see kernel/tile_carries.cuh). One translation unit, so the
// CUB scans compile once.
#include <cub/device/device_scan.cuh>

#include "ordo/cuda/detail/check.cuh"
#include "ordo/cuda/detail/scratch.cuh"
#include "cuda/rank/dispatch/tile_launch.cuh"

namespace ordo::detail::cuda_rank {

namespace {
struct max_u64 {
  __device__ std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const { return a > b ? a : b; }
};
struct min_u64 {
  __device__ std::uint64_t operator()(std::uint64_t a, std::uint64_t b) const { return a < b ? a : b; }
};

template <class Op>
void exclusive_scan_in_place(const cuda& exec, std::uint64_t* v, std::uint64_t count, Op op, std::uint64_t init) {
  std::size_t bytes = 0;
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveScan(nullptr, bytes, v, v, op, init, std::int64_t(count), exec.stream));
  scratch<unsigned char> temp(exec, bytes);
  ORDO_CUDA_CHECK(cub::DeviceScan::ExclusiveScan(temp.data(), bytes, v, v, op, init, std::int64_t(count), exec.stream));
}
}  // namespace

void scan_tile_carries(const cuda& exec, std::uint64_t* heads, std::uint64_t* tails_reversed, std::uint64_t tiles) {
  if (heads) exclusive_scan_in_place(exec, heads, tiles, max_u64{}, no_head);
  if (tails_reversed) exclusive_scan_in_place(exec, tails_reversed, tiles, min_u64{}, no_tail_pos);
}

}  // namespace ordo::detail::cuda_rank
