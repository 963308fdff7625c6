// ordo::mpi against the single-process reference (ordo::cpu): run under
// mpirun -np 1..4 (tests/mpi/CMakeLists.txt). Every process builds the same
// global input from one seed, takes its slice, runs the distributed call and
// compares its slice of the result with the slice of ordo::cpu's result over
// the whole input; one allreduce sums the failures, and rank 0 reports.
#include "ordo/mpi.hpp"
#include "common/dist_cases.hpp"

#include <cmath>
#include <cstdio>
#include <cstring>
#include <numeric>
#include <random>
#include <string>
#include <vector>

namespace {

int me = 0, np = 1;
long failures = 0, checks = 0;

void fail(const std::string& what) {
  if (failures < 20) std::fprintf(stderr, "[process %d] FAIL %s\n", me, what.c_str());
  ++failures;
}

// The shared inputs (tests/common/dist_cases.hpp) for this run's np.
using ordo_test::dist::gen_names;
using ordo_test::dist::n_gens;
template <class Key>
std::vector<Key> make_keys(int gen, std::uint64_t n, const std::vector<std::uint64_t>& sizes, std::mt19937_64& g) {
  return ordo_test::dist::make_keys<Key>(gen, n, sizes, np, g);
}

template <class T>
void expect_slice(const std::vector<T>& got, const std::vector<T>& ref, std::uint64_t off, const std::string& what) {
  ++checks;
  if (auto i = ordo_test::dist::first_mismatch(got, ref, off)) fail(what + " at local " + std::to_string(*i));
}

// rank_fn(exec, keys, ranks) over every key on one process (ordo::cpu) and
// over this process's keys with ex: this process's ranks must be its slice of
// the first.
template <class Rank, class Key, class RankFn>
void expect_rank_slice(const ordo::mpi& ex, const std::vector<Key>& all, const std::vector<Key>& local,
                       std::uint64_t off, RankFn rank_fn, const std::string& what) {
  std::vector<Rank> ref(all.size()), got(local.size());
  rank_fn(ordo::cpu{}, std::span<const Key>(all), std::span<Rank>(ref));
  rank_fn(ex, std::span<const Key>(local), std::span<Rank>(got));
  expect_slice(got, ref, off, what);
}

template <class Key>
void run_case(int gen, int pattern, std::uint64_t n, std::uint64_t seed) {
  auto c = ordo_test::dist::make_case<Key>(gen, pattern, n, seed, me, np);
  // (references, not a structured binding: lambdas below capture them, which clang 14 rejects)
  auto& sizes = c.sizes;
  auto& all = c.all;
  auto& local = c.local;
  auto& off = c.off;
  auto& nl = c.nl;
  auto& tag = c.tag;
  ordo::mpi ex{MPI_COMM_WORLD};

  // sort, keys and key-value, both orders (value: the global input index).
  for (auto order : {ordo::sort_order::ascending, ordo::sort_order::descending}) {
    const ordo_test::dist::sorted_reference<Key> ref(all, order);
    const ordo::sort_options& so = ref.options;
    const auto& rk = ref.keys;
    const auto& rv = ref.index;
    std::vector<Key> k = local;
    ordo::sort(ex, std::span<Key>(k), so);
    expect_slice(k, rk, off, "sort keys " + tag);
    k = local;
    std::vector<std::uint64_t> v(nl);
    std::iota(v.begin(), v.end(), off);
    ordo::sort(ex, std::span<Key>(k), std::span<std::uint64_t>(v), so);
    expect_slice(k, rk, off, "sort kv keys " + tag);
    expect_slice(v, rv, off, "sort kv values " + tag);
    // sort_idx: the reference's global indices as (process, local index).
    const auto rp = ref.global(sizes);
    std::vector<ordo::global_index> p(nl);
    ordo::sort_idx(ex, std::span<Key>(local), std::span<ordo::global_index>(p), order);  // the mutable-span overload
    expect_slice(p, rp, off, "sort_idx " + tag);
    // rank_sorted over the globally sorted keys.
    std::vector<Key> sorted_local(rk.begin() + off, rk.begin() + off + nl);
    for (auto m : ordo::all_rank_methods) {
      const auto ro = ordo_test::dist::validated_rank_sorted(m, order);
      expect_rank_slice<double>(
          ex, rk, sorted_local, off, [&](const auto& e, auto keys, auto ranks) { ordo::rank_sorted(e, keys, ranks, ro); },
          std::string("rank_sorted ") + ordo::to_string(m) + " " + tag);
    }
  }
  // rank: every method x ascending x na_option x pct.
  ordo_test::dist::for_each_rank_options<Key>([&](const ordo::rank_options& o, const std::string& opts) {
    const auto rank = [&](const auto& e, auto keys, auto ranks) { ordo::rank(e, keys, ranks, o); };
    expect_rank_slice<double>(ex, all, local, off, rank, "rank " + opts + " " + tag);
    if (n == 100)  // float ranks: the same rounding as the single-process rank
      expect_rank_slice<float>(ex, all, local, off, rank, "rank float " + opts + " " + tag);
    if (!o.pct && o.method != ordo::rank_method::average && n == 100)
      expect_rank_slice<std::uint64_t>(ex, all, local, off, rank, "rank uint64 " + opts + " " + tag);
  });
}

// The partition stays balanced on skewed input: no process receives more
// than about twice its share (the regular sample bounds it).
void balance_case(int gen, std::uint64_t n) {
  std::mt19937_64 g(99 + gen);
  std::vector<std::uint64_t> sizes(np, n / np);
  auto all = make_keys<std::int64_t>(gen, sizes[0] * np, sizes, g);
  std::vector<std::uint64_t> codes(sizes[0]);
  for (std::uint64_t i = 0; i < sizes[0]; ++i) codes[i] = std::uint64_t(all[me * sizes[0] + i]) ^ (1ull << 63);
  ordo::mpi_detail::comm_info c(MPI_COMM_WORLD);
  for (auto how : {ordo::mpi_detail::partition_method::samples, ordo::mpi_detail::partition_method::top_bits}) {
    auto s = ordo::mpi_detail::exchange_sorted(c, codes, {}, how);
    std::uint64_t mx = ordo::mpi_detail::allreduce_u64(c, s.code.size(), MPI_MAX);
    const std::uint64_t share = (s.n_total + np - 1) / np;
    if (me == 0)
      std::printf("balance %-18s %-8s n=%llu: largest part %.2f x the even share\n", gen_names[gen],
                  how == ordo::mpi_detail::partition_method::samples ? "samples" : "top_bits",
                  (unsigned long long)s.n_total, share ? double(mx) / double(share) : 0.0);
    if (how == ordo::mpi_detail::partition_method::samples) {
      ++checks;
      if (mx > 2 * share + 16) fail(std::string("balance ") + gen_names[gen]);
    }
  }
}

template <class F>
void expect_error_everywhere(ordo::errc code, const std::string& what, F&& f) {
  ++checks;
  if (auto [ok, msg] = ordo_test::dist::throws_error(code, f); !ok) fail(what + ": " + msg);
}

void error_cases() {
  ordo::mpi ex{MPI_COMM_WORLD};
  // Mismatched sizes on the last process only: everybody throws, nobody hangs.
  std::vector<double> keys(5, 1.0), ranks(me == np - 1 ? 4 : 5);
  expect_error_everywhere(ordo::errc::invalid_argument, "rank sizes",
                          [&] { ordo::rank(ex, std::span<const double>(keys), std::span<double>(ranks)); });
  std::vector<int> k(3, 1), v(me == 0 ? 2 : 3);
  expect_error_everywhere(ordo::errc::invalid_argument, "sort values",
                          [&] { ordo::sort(ex, std::span<int>(k), std::span<int>(v)); });
  // Unsorted only across a process boundary: process q holds q+1 .. but the
  // last holds 0.
  std::vector<int> sk(3, me == np - 1 && np > 1 ? 0 : me + 1);
  std::vector<std::uint32_t> r(3);
  if (np > 1) {
    ordo::rank_sorted_options o;
    o.validate = true;
    expect_error_everywhere(ordo::errc::unsorted_input, "rank_sorted boundary",
                            [&] { ordo::rank_sorted(ex, std::span<const int>(sk), std::span<std::uint32_t>(r), o); });
  }
  std::vector<double> a(2, 0.0);
  std::vector<std::uint32_t> ar(2);
  ordo::rank_options avg;  // average into an integer rank: refused everywhere
  expect_error_everywhere(ordo::errc::invalid_argument, "average to uint32",
                          [&] { ordo::rank(ex, std::span<const double>(a), std::span<std::uint32_t>(ar), avg); });
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &me);
  MPI_Comm_size(MPI_COMM_WORLD, &np);
  std::uint64_t seed = 1;
  ordo_test::dist::for_each_case({0, 1, 7, 100, 1000}, [&](int gen, int pattern, std::uint64_t n) {
    run_case<std::int32_t>(gen, pattern, n, seed++);
    run_case<double>(gen, pattern, n, seed++);
    if (n == 100 && pattern == 3) {
      run_case<std::uint64_t>(gen, pattern, n, seed++);
      run_case<float>(gen, pattern, n, seed++);
    }
  });
  // The chunked exchange (messages over the limit): a small limit.
  ordo::mpi_detail::set_max_message_bytes(40);
  for (int gen = 0; gen < n_gens; ++gen) run_case<double>(gen, 3, 300, seed++);
  ordo::mpi_detail::set_max_message_bytes(INT_MAX);
  for (int gen = 0; gen < n_gens; ++gen) balance_case(gen, 40000);
  error_cases();
  long total = 0, total_checks = 0;
  MPI_Allreduce(&failures, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&checks, &total_checks, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  if (me == 0) std::printf("ordo::mpi on %d processes: %ld checks, %ld failures\n", np, total_checks, total);
  MPI_Finalize();
  return total ? 1 : 0;
}
