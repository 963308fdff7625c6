// Suffix array construction (seed 004, Sec. 5.1): ordo's PDSS-SA (prefix
// doubling over segmented sort) against the composition a CUB user writes
// (prefix doubling with one radix sort of all suffixes per round), ordo's CPU
// PDSS and the sequential O(n log^2 n) reference. DNA-like and word-like
// texts. Every row's output is checked: a permutation whose adjacent
// suffixes are in strictly increasing order (the suffix array is the only such
// permutation).
#include <cub/device/device_radix_sort.cuh>
#include <thrust/device_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/count.h>
#include <thrust/for_each.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sequence.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "apps/suffix_array.hpp"
#include "common/cpu_timer.hpp"
#include "common/gpu_timer.cuh"
#include "common/options.hpp"
#include "common/results.hpp"
#include "ordo/cuda/detail/check.cuh"
#include "ordo/device_buffer.hpp"

namespace ordo_bench {
namespace {

using u8 = std::uint8_t;
using u32 = std::uint32_t;
using u64 = std::uint64_t;

bool is_suffix_array(const std::vector<u8>& t, const std::vector<u32>& sa) {
  const std::int64_t n = std::int64_t(t.size());
  if (sa.size() != t.size()) return false;
  std::vector<char> seen(t.size(), 0);
  for (u32 x : sa) {
    if (x >= t.size() || seen[x]) return false;
    seen[x] = 1;
  }
  bool ok = true;
#pragma omp parallel for reduction(&& : ok) schedule(dynamic, 4096)
  for (std::int64_t j = 1; j < n; ++j) {
    const u8* a = t.data() + sa[j - 1];
    const u8* b = t.data() + sa[j];
    const std::int64_t la = n - sa[j - 1], lb = n - sa[j];
    const std::int64_t m = std::min(la, lb);
    const int c = std::memcmp(a, b, std::size_t(m));
    ok = ok && (c < 0 || (c == 0 && la < lb));
  }
  return ok;
}

// The CUB composition: Manber-Myers with a radix sort of every suffix's
// (rank[i], rank[i + h]) per round, until all ranks differ. Keys start from
// the first 8 bytes (9 bits would be needed for a 0 byte: 7 bytes, 1 + byte).
struct cub_doubling {
  u64 n;
  thrust::device_vector<u64> key, key_alt;
  thrust::device_vector<u32> sa, sa_alt, rank, start;
  thrust::device_vector<u8> temp;
  explicit cub_doubling(u64 n_) : n(n_), key(n_), key_alt(n_), sa(n_), sa_alt(n_), rank(n_), start(n_) {}

  void run(const u8* text, u32* out) {
    u64* k = thrust::raw_pointer_cast(key.data());
    u32* r = thrust::raw_pointer_cast(rank.data());
    u32* st = thrust::raw_pointer_cast(start.data());
    const u64 nn = n;
    thrust::for_each(thrust::device, thrust::counting_iterator<u64>(0), thrust::counting_iterator<u64>(n),
                     [=] __device__(u64 i) {
                       u64 v = 0;
                       for (int t = 0; t < 7; ++t) v = (v << 9) | (i + t < nn ? 1u + text[i + t] : 0u);
                       k[i] = v;
                     });
    for (u64 h = 7;; h *= 2) {
      thrust::sequence(thrust::device, sa.begin(), sa.end());
      std::size_t bytes = 0;
      cub::DoubleBuffer<u64> kb(k, thrust::raw_pointer_cast(key_alt.data()));
      cub::DoubleBuffer<u32> vb(thrust::raw_pointer_cast(sa.data()), thrust::raw_pointer_cast(sa_alt.data()));
      ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(nullptr, bytes, kb, vb, n));
      if (temp.size() < bytes) temp.resize(bytes);
      ORDO_CUDA_CHECK(cub::DeviceRadixSort::SortPairs(thrust::raw_pointer_cast(temp.data()), bytes, kb, vb, n));
      const u64* sk = kb.Current();
      const u32* s = vb.Current();
      thrust::for_each(thrust::device, thrust::counting_iterator<u64>(0), thrust::counting_iterator<u64>(n),
                       [=] __device__(u64 j) { st[j] = (j == 0 || sk[j] != sk[j - 1]) ? u32(j) : 0u; });
      thrust::inclusive_scan(thrust::device, start.begin(), start.end(), start.begin(), thrust::maximum<u32>());
      thrust::for_each(thrust::device, thrust::counting_iterator<u64>(0), thrust::counting_iterator<u64>(n),
                       [=] __device__(u64 j) { r[s[j]] = st[j] + 1; });
      const u64 groups = thrust::count_if(thrust::device, thrust::counting_iterator<u64>(0),
                                          thrust::counting_iterator<u64>(n),
                                          [=] __device__(u64 j) { return j == 0 || sk[j] != sk[j - 1]; });
      if (groups == n) {  // every suffix has a rank of its own
        ORDO_CUDA_CHECK(cudaMemcpy(out, s, n * sizeof(u32), cudaMemcpyDeviceToDevice));
        return;
      }
      k = thrust::raw_pointer_cast(key.data());
      const u64 hh = h;
      thrust::for_each(thrust::device, thrust::counting_iterator<u64>(0), thrust::counting_iterator<u64>(n),
                       [=] __device__(u64 i) { k[i] = (u64(r[i]) << 32) | (i + hh < nn ? r[i + hh] : 0u); });
    }
  }
};

void suffix_array_rows(results& res, const options& opt, const std::string& kind, u64 n, bool cpu_rows,
                       bool reference_row) {
  const std::vector<u8> text = kind == "dna" ? ordo_apps::dna_like_text(n, 42) : ordo_apps::word_like_text(n, 42);
  const nlohmann::json params = {{"text", kind}};
  const double floor = copy_floor_ms(n * (1 + 4), opt.reps);  // read the text, write the array
  ordo::device_buffer<u8> d_text{std::span<const u8>(text)};
  ordo::device_buffer<u32> d_sa(n);
  std::vector<u32> sa(n);
  const int reps = std::max(3, opt.reps / 2);

  ordo_apps::suffix_array_stats st;
  const double ms = median_ms([&] { st = ordo_apps::suffix_array(ordo::cuda{}, std::as_const(d_text).span(), d_sa.span()); },
                              reps);
  d_sa.download(std::span<u32>(sa));
  row r = timed_row("suffix_array", "ordo", "pdss_segmented_sort", "uint8", n, params, ms, floor,
                    is_suffix_array(text, sa), true);
  r.extra = {{"rounds", st.rounds},
             {"packed_chars", st.packed_chars},
             {"groups_sorted", st.segments_sorted},
             {"elements_sorted", st.sorted_elements}};
  print_and_add(res, r);

  cub_doubling cub(n);
  const double cub_ms = median_ms([&] { cub.run(d_text.data(), d_sa.data()); }, reps);
  d_sa.download(std::span<u32>(sa));
  r = timed_row("suffix_array", "cub", "radix_sort_doubling", "uint8", n, params, cub_ms, floor,
                is_suffix_array(text, sa), false);
  print_and_add(res, r);

  if (cpu_rows) {
    const ordo::cpu cpu{};
    const double cpu_ms = median_ms_host(
        [&] { ordo_apps::suffix_array(cpu, std::span<const u8>(text), std::span<u32>(sa)); }, opt.cpu_reps);
    r = timed_row("suffix_array", "ordo_cpu", "pdss_segmented_sort", "uint8", n, params, cpu_ms, 0,
                  is_suffix_array(text, sa), false);
    r.extra = {{"threads", cpu.resolved_threads()}};
    print_and_add(res, r);
  }
  if (reference_row) {
    const double ref_ms = median_ms_host([&] { sa = ordo_apps::suffix_array_reference(text); }, 1);
    r = timed_row("suffix_array", "cpu_reference", "manber_myers_std_sort", "uint8", n, params, ref_ms, 0,
                  is_suffix_array(text, sa), false);
    r.extra = {{"threads", 1}};
    print_and_add(res, r);
  }
}

}  // namespace

void run_suffix_array(const options& opt) {
  results res("suffix_array");
  for (const char* kind : {"dna", "words"}) {
    suffix_array_rows(res, opt, kind, u64(1) << 22, true, true);
    suffix_array_rows(res, opt, kind, u64(1) << 24, true, false);
    suffix_array_rows(res, opt, kind, u64(1) << 26, false, false);
  }
  res.write(opt.out);
}

}  // namespace ordo_bench
