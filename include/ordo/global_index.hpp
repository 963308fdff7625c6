// An element's place in a distributed input: which process, which local
// index. sort_idx of the distributed backends (ordo::mpi, ordo::nccl) returns
// the global order as these; no transport header is needed to use it.
#pragma once
#include <cstdint>

namespace ordo {

struct global_index {
  std::int64_t process = 0;
  std::uint64_t index = 0;
  friend bool operator==(const global_index&, const global_index&) = default;
};

}  // namespace ordo
