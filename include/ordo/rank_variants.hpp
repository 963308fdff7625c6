// The rank methods, the variants of rank_sorted on each backend, and the one
// method x variant table: which variant computes which method, and which one
// `automatic` picks. rank_sorted's dispatch reads it (to refuse a pair it
// cannot run), chosen_variant reads it, the CLI reads it (--variant), and
// docs/algorithms.md shows it (tests/cpu/rank_variant_table_test.cpp checks
// that the page matches this table).
#pragma once
#include <cstddef>
#include <initializer_list>

#include "ordo/detail/backend_variant.hpp"
#include "ordo/detail/name_table.hpp"

namespace ordo {

// How tied keys share ranks. Example: keys 10 20 20 30.
enum class rank_method {
  min,      // standard competition ("1224"), the paper's SCR; pandas 'min'
  max,      // modified competition ("1334"); pandas 'max'
  dense,    // "1223"; pandas 'dense'
  ordinal,  // "1234", ties in input order; pandas 'first', scipy 'ordinal'
  average,  // fractional ("1 2.5 2.5 4"); pandas/scipy default; floating output
};

// rank_sorted on ordo::cpu.
enum class cpu_rank_variant {
  automatic,
  sequential,       // the paper's loop (Sec. I)
  parallel_search,  // threads + modified binary search (Sec. III.D, Fig. 5)
};

// rank_sorted on ordo::cuda.
enum class gpu_rank_variant {
  automatic,
  naive,         // log-step prefix, one launch per step (Sec. III.A, Fig. 3)
  shuffle,       // shuffle scan, flag packed into the rank (Sec. III.B)
  hybrid,        // warp per 1024 keys, ballot/brev/ffs + modified binary search (III.C)
  block_search,  // ordo: each tile finds its start by binary search; tiles never wait
  lookback,      // ordo: single-pass tile scan with decoupled look-back
  scan,          // dense only: single-pass scan of head flags (CUB block primitives + look-back)
};

// Implementation choice for rank_sorted: automatic (the fastest measured for
// the backend, docs/benchmarks.md), or a cpu_rank_variant or gpu_rank_variant,
// so each can be selected, tested and measured. A variant of the other
// backend is refused with errc::not_supported.
using rank_variant = detail::backend_variant<cpu_rank_variant, gpu_rank_variant>;

// The methods a variant computes, as a set.
class rank_method_set {
 public:
  constexpr rank_method_set() noexcept = default;
  constexpr rank_method_set(std::initializer_list<rank_method> ms) noexcept {
    for (rank_method m : ms) bits_ |= 1u << unsigned(m);
  }
  constexpr bool has(rank_method m) const noexcept { return (bits_ >> unsigned(m)) & 1u; }

 private:
  unsigned bits_ = 0;
};

// Where a CPU row is automatic's pick: on cpu{1}, or with more threads.
enum class rank_threads { any, one, several };

// One variant of rank_sorted: what it computes and when automatic takes it.
struct rank_variant_row {
  rank_variant variant;
  const char* name;                // as the CLI and the Python module spell it
  rank_method_set methods;         // the methods it computes
  rank_method_set automatic_for;   // the methods automatic picks it for (on its backend)
  rank_threads when;               // ... and with which thread count (CPU)
  const char* why_not;             // the reason given for a method it does not compute
};

namespace detail {
inline constexpr rank_method_set every_rank_method{rank_method::min, rank_method::max, rank_method::dense,
                                                   rank_method::ordinal, rank_method::average};
inline constexpr const char* paper_why = "(the paper's algorithms compute min ranks, and max ranks mirrored)";
}  // namespace detail

// THE table. Ordinal ranks of sorted keys do not depend on the keys: the GPU
// writes them directly whatever the variant. Automatic on the GPU: dense
// ranks need a scan across tiles, and the scan kernel beats the look-back
// tile kernel on sm_90 (docs/benchmarks.md#tuning-rank-dense); block_search
// for the rest.
inline constexpr rank_variant_row rank_variant_table[] = {
    {cpu_rank_variant::sequential, "sequential", detail::every_rank_method, detail::every_rank_method,
     rank_threads::one, ""},
    {cpu_rank_variant::parallel_search, "parallel_search", detail::every_rank_method, detail::every_rank_method,
     rank_threads::several, ""},
    {gpu_rank_variant::naive, "naive", {rank_method::min, rank_method::max, rank_method::ordinal}, {},
     rank_threads::any, detail::paper_why},
    {gpu_rank_variant::shuffle, "shuffle", {rank_method::min, rank_method::max, rank_method::ordinal}, {},
     rank_threads::any, detail::paper_why},
    {gpu_rank_variant::hybrid, "hybrid", {rank_method::min, rank_method::max, rank_method::ordinal}, {},
     rank_threads::any, detail::paper_why},
    {gpu_rank_variant::block_search, "block_search",
     {rank_method::min, rank_method::max, rank_method::ordinal, rank_method::average},
     {rank_method::min, rank_method::max, rank_method::ordinal, rank_method::average}, rank_threads::any,
     "(dense ranks need a scan; use lookback)"},
    {gpu_rank_variant::lookback, "lookback",
     {rank_method::min, rank_method::dense, rank_method::ordinal, rank_method::average}, {}, rank_threads::any,
     "(max ranks come from the right; use block_search)"},
    {gpu_rank_variant::scan, "scan", {rank_method::dense, rank_method::ordinal}, {rank_method::dense},
     rank_threads::any, "(it scans head flags into dense ranks; use block_search)"},
};

// The methods' names (the first row of a method is its name, later ones
// aliases that parse).
inline constexpr detail::named<rank_method> rank_method_names[] = {
    {rank_method::min, "min"},         {rank_method::max, "max"},         {rank_method::dense, "dense"},
    {rank_method::ordinal, "ordinal"}, {rank_method::ordinal, "first"}, {rank_method::average, "average"}};
inline constexpr rank_method all_rank_methods[] = {rank_method::min, rank_method::max, rank_method::dense,
                                                   rank_method::ordinal, rank_method::average};

namespace detail {

// The table's row of v (v not automatic), or nullptr.
constexpr const rank_variant_row* rank_variant_row_of(rank_variant v) noexcept {
  for (const rank_variant_row& r : rank_variant_table)
    if (r.variant == v) return &r;
  return nullptr;
}

// (No pointer compared with nullptr here: under -fsanitize=undefined, GCC 12
// cannot evaluate that in the static_assert below.)
constexpr bool rank_variant_does(rank_variant v, rank_method m) noexcept {
  for (const rank_variant_row& r : rank_variant_table)
    if (r.variant == v) return r.methods.has(m);
  return false;
}

// What automatic picks for m: on the CPU with `threads` threads, on the GPU.
constexpr cpu_rank_variant automatic_cpu_rank_variant(rank_method m, int threads) noexcept {
  for (const rank_variant_row& r : rank_variant_table)
    if (r.variant.is_cpu() && r.automatic_for.has(m) &&
        (r.when == rank_threads::any || (r.when == rank_threads::one) == (threads <= 1)))
      return r.variant.cpu_variant();
  return cpu_rank_variant::automatic;
}
constexpr gpu_rank_variant automatic_gpu_rank_variant(rank_method m) noexcept {
  for (const rank_variant_row& r : rank_variant_table)
    if (r.variant.is_gpu() && r.automatic_for.has(m)) return r.variant.gpu_variant();
  return gpu_rank_variant::automatic;
}

// The table is whole: every row names one variant, and automatic picks, for
// every method and backend, a variant that computes it.
constexpr bool rank_variant_table_is_whole() noexcept {
  for (const rank_variant_row& r : rank_variant_table) {
    if (r.variant.is_automatic() || (r.variant.is_cpu() && r.variant.is_gpu())) return false;
    for (rank_method m : all_rank_methods)
      if (r.automatic_for.has(m) && !r.methods.has(m)) return false;
  }
  for (rank_method m : all_rank_methods) {
    for (int threads : {1, 2})
      if (!rank_variant_does(automatic_cpu_rank_variant(m, threads), m)) return false;
    if (!rank_variant_does(automatic_gpu_rank_variant(m), m)) return false;
  }
  return true;
}
static_assert(rank_variant_table_is_whole(), "rank_variant_table: a row or automatic's pick is wrong");

}  // namespace detail

}  // namespace ordo
