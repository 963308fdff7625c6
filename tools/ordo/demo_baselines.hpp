// Baselines for `ordo demo`: what a user would write without ordo, timed
// beside each ordo row and used as its independent check. The CPU ones are
// sequential loops over the standard library (demo_baselines_cpu.cpp); the
// GPU ones are CUB calls (demo_baselines_cuda.cu, built only with CUDA).
#pragma once
#include <cstdint>
#include <span>
#include <string>

#include "ordo/rank.hpp"

namespace ordo::tools::demo {

// Sequential, one thread: each writes what the matching ordo call writes.
void rank_sorted_loop(std::span<const std::int32_t> keys, std::span<std::uint32_t> ranks, rank_method m);
void rank_sorted_loop(std::span<const std::int32_t> keys, std::span<double> ranks);  // average
void rank_stable_sort(std::span<const std::int32_t> keys, std::span<double> ranks, rank_method m);  // pandas
void list_rank_walk(std::span<const std::int32_t> succ, std::span<std::uint32_t> ranks);
void argsort_stable_sort(std::span<const std::int32_t> keys, std::span<std::uint32_t> perm);
void scan_partial_sum(std::span<const std::uint32_t> v, std::span<std::uint32_t> out);
void sort_std_sort(std::span<const std::int32_t> keys, std::span<std::int32_t> out);
std::uint64_t radius_loop(std::span<const std::int32_t> keys);  // max{j - i : a[i] > a[j]}
void segmented_sort_std_sort(std::span<const std::int32_t> keys, std::span<std::int32_t> out, std::uint64_t length);

#ifdef ORDO_HAS_CUDA
// CUB on device spans, synchronous (they wait for the GPU). Scratch is
// allocated once per call outside the timed region by the caller's warm-up.
std::string gpu_name();
void cub_rank_sorted_dense(std::span<const std::int32_t> keys, std::span<std::uint32_t> ranks);  // flags + InclusiveSum
void cub_rank_sorted_min(std::span<const std::int32_t> keys, std::span<std::uint32_t> ranks);    // flags + max scan
void cub_argsort(std::span<const std::int32_t> keys, std::span<std::uint32_t> perm);             // radix SortPairs
void cub_scan(std::span<const std::uint32_t> v, std::span<std::uint32_t> out);                   // InclusiveSum
void cub_sort(std::span<const std::int32_t> keys, std::span<std::int32_t> out);                  // radix SortKeys
void cub_segmented_sort(std::span<const std::int32_t> keys, std::span<std::int32_t> out, std::uint64_t length);
#endif

}  // namespace ordo::tools::demo
