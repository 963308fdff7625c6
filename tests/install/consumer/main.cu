// Uses the installed ordo from a .cu file compiled by nvcc: the C++20 it
// needs (std::span, designated initializers) must come from ordo::ordo.
#include <cstdint>
#include <cstdio>
#include <span>
#include <vector>

#include <ordo/ordo.hpp>

__global__ void add_one(std::uint32_t* v, std::size_t n) {
  const std::size_t i = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
  if (i < n) v[i] += 1;
}

int main() {
  static_assert(__cplusplus >= 202002L, "ordo::ordo must give .cu files C++20");
  std::vector<int> keys{10, 20, 20, 30};
  std::vector<std::uint32_t> ranks(keys.size());
  ordo::rank_sorted(ordo::cpu{}, std::span<const int>(keys), std::span<std::uint32_t>(ranks),
                    {.method = ordo::rank_method::dense});
  if (ordo::cuda_available()) {  // the same on the GPU, then a kernel of our own over ordo's output
    ordo::device_buffer<int> d_keys{std::span<const int>(keys)};
    ordo::device_buffer<std::uint32_t> d_ranks(keys.size());
    ordo::rank_sorted(ordo::cuda{}, d_keys.span(), d_ranks.span(), {.method = ordo::rank_method::dense});
    add_one<<<1, 32>>>(d_ranks.data(), d_ranks.size());
    std::vector<std::uint32_t> back(keys.size());
    d_ranks.download(back);
    if (back != std::vector<std::uint32_t>{2, 3, 3, 4}) return 1;
  }
  std::printf("consumer.cu: %u %u %u %u (GPU %s)\n", ranks[0], ranks[1], ranks[2], ranks[3],
              ordo::cuda_available() ? "checked" : "not visible");
  return ranks == std::vector<std::uint32_t>{1, 2, 2, 3} ? 0 : 1;
}
