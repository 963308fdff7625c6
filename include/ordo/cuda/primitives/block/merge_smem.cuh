// Block scope: the shared-memory layout of a tile of keys (and values or
// indices after them) that the merge tiles and the block sort of sort_idx
// stage; the dispatch sizes the launch with the same functions.
#pragma once
#include "ordo/cuda/thread/serial_merge.cuh"  // padded_smem

namespace ordo::detail::prim {

template <class Key>
constexpr int merge_smem_keys_bytes(int tile) {
  return (padded_smem<Key>::size_for(tile) * int(sizeof(Key)) + 15) / 16 * 16;
}
template <class Key, class Value>
constexpr int merge_smem_bytes(int tile, bool values) {
  return merge_smem_keys_bytes<Key>(tile) + (values ? padded_smem<Value>::size_for(tile) * int(sizeof(Value)) : 0);
}

}  // namespace ordo::detail::prim
