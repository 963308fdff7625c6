// ordo::mpi against the single-process reference (ordo::cpu): run under
// mpirun -np 1..4 (tests/mpi/CMakeLists.txt). Every process builds the same
// global input from one seed, takes its slice, runs the distributed call and
// compares its slice of the result with the slice of ordo::cpu's result over
// the whole input; one allreduce sums the failures, and rank 0 reports.
#include "ordo/mpi.hpp"

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

// Local sizes summing to n, by pattern.
std::vector<std::uint64_t> sizes_for(int pattern, std::uint64_t n, std::mt19937_64& g) {
  std::vector<std::uint64_t> s(np, 0);
  switch (pattern) {
    case 0:  // equal (the remainder on the first)
      for (int q = 0; q < np; ++q) s[q] = n / np + (q < int(n % np));
      break;
    case 1: {  // every other process empty
      int full = (np + 1) / 2;
      for (int q = 0, k = 0; q < np; ++q)
        if (q % 2 == 0) s[q] = n / full + (k++ < int(n % full));
      break;
    }
    case 2:  // everything on the last process
      s[np - 1] = n;
      break;
    default: {  // random split
      std::uint64_t left = n;
      for (int q = 0; q < np - 1; ++q) {
        s[q] = left ? g() % (left + 1) : 0;
        left -= s[q];
      }
      s[np - 1] = left;
    }
  }
  return s;
}

const char* gen_names[] = {"random",  "few_distinct", "all_equal", "hot_key",
                           "sorted",  "reverse",      "per_process_range", "nan_zero"};
constexpr int n_gens = 8;

template <class Key>
std::vector<Key> make_keys(int gen, std::uint64_t n, const std::vector<std::uint64_t>& sizes, std::mt19937_64& g) {
  std::vector<Key> k(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    std::int64_t v = 0;
    switch (gen) {
      case 0: v = std::int64_t(g() % 1000000) - 500000; break;
      case 1: v = std::int64_t(g() % 5); break;
      case 2: v = 7; break;
      case 3: v = g() % 10 ? 42 : std::int64_t(g() % 100); break;
      case 4: v = std::int64_t(i / 3); break;
      case 5: v = std::int64_t(n - i / 2); break;
      case 6: {  // the processes hold disjoint ranges, in reverse process order
        std::uint64_t q = 0, start = 0;
        while (q + 1 < sizes.size() && i >= start + sizes[q]) start += sizes[q++];
        v = std::int64_t((np - q) * 1000 + g() % 1000);
        break;
      }
      default: v = std::int64_t(g() % 7) - 3; break;
    }
    k[i] = Key(v);
    if constexpr (std::is_floating_point_v<Key>) {
      if (gen == 7) {
        std::uint64_t r = g() % 8;
        if (r == 0) k[i] = std::numeric_limits<Key>::quiet_NaN();
        else if (r == 1) k[i] = -Key(0);
        else if (r == 2) k[i] = Key(0);
        else if (r == 3) k[i] = -std::numeric_limits<Key>::infinity();
      }
    }
  }
  return k;
}

template <class T>
bool same(T a, T b) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(a) && std::isnan(b)) return true;
  }
  return std::memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T>
void expect_slice(const std::vector<T>& got, const std::vector<T>& ref, std::uint64_t off, const std::string& what) {
  ++checks;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (!same(got[i], ref[off + i])) {
      fail(what + " at local " + std::to_string(i));
      return;
    }
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
  std::mt19937_64 g(seed);
  auto sizes = sizes_for(pattern, n, g);
  auto all = make_keys<Key>(gen, n, sizes, g);
  std::uint64_t off = 0;
  for (int q = 0; q < me; ++q) off += sizes[q];
  const std::uint64_t nl = sizes[me];
  std::vector<Key> local(all.begin() + off, all.begin() + off + nl);
  const std::string tag = std::string(ordo::type_name<Key>()) + " " + gen_names[gen] + " pattern " +
                          std::to_string(pattern) + " n " + std::to_string(n);
  ordo::mpi ex{MPI_COMM_WORLD};

  // sort, keys and key-value, both orders (value: the global input index).
  for (auto order : {ordo::sort_order::ascending, ordo::sort_order::descending}) {
    ordo::sort_options so;
    so.order = order;
    std::vector<Key> rk = all;
    std::vector<std::uint64_t> rv(n);
    std::iota(rv.begin(), rv.end(), 0);
    ordo::sort(ordo::cpu{}, std::span<Key>(rk), std::span<std::uint64_t>(rv), so);
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
    std::vector<ordo::global_index> rp(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      std::uint64_t q = 0, start = 0;
      while (rv[i] >= start + sizes[q]) start += sizes[q++];
      rp[i] = {std::int64_t(q), rv[i] - start};
    }
    std::vector<ordo::global_index> p(nl);
    ordo::sort_idx(ex, std::span<Key>(local), std::span<ordo::global_index>(p), order);  // the mutable-span overload
    ++checks;
    for (std::uint64_t i = 0; i < nl; ++i)
      if (!(p[i] == rp[off + i])) {
        fail("sort_idx " + tag);
        break;
      }
    // rank_sorted over the globally sorted keys.
    std::vector<Key> sorted_local(rk.begin() + off, rk.begin() + off + nl);
    for (auto m : ordo::all_rank_methods) {
      ordo::rank_sorted_options ro;
      ro.method = m;
      ro.order = order;
      ro.validate = true;
      expect_rank_slice<double>(
          ex, rk, sorted_local, off, [&](const auto& e, auto keys, auto ranks) { ordo::rank_sorted(e, keys, ranks, ro); },
          std::string("rank_sorted ") + ordo::to_string(m) + " " + tag);
    }
  }
  // rank: every method x ascending x na_option x pct.
  for (auto m : ordo::all_rank_methods)
    for (bool asc : {true, false})
      for (auto na : {ordo::na_option::keep, ordo::na_option::top, ordo::na_option::bottom})
        for (bool pct : {false, true}) {
          if (!std::is_floating_point_v<Key> && na != ordo::na_option::keep) continue;  // no NaN: the same ranks
          ordo::rank_options o;
          o.method = m;
          o.ascending = asc;
          o.na = na;
          o.pct = pct;
          const auto rank = [&](const auto& e, auto keys, auto ranks) { ordo::rank(e, keys, ranks, o); };
          expect_rank_slice<double>(ex, all, local, off, rank,
                                    std::string("rank ") + ordo::to_string(m) + (asc ? " asc " : " desc ") +
                                        ordo::to_string(na) + (pct ? " pct " : " ") + tag);
          if (n == 100)  // float ranks: the same rounding as the single-process rank
            expect_rank_slice<float>(ex, all, local, off, rank,
                                     std::string("rank float ") + ordo::to_string(m) + " " + tag);
          if (!pct && m != ordo::rank_method::average && n == 100)
            expect_rank_slice<std::uint64_t>(ex, all, local, off, rank,
                                             std::string("rank uint64 ") + ordo::to_string(m) + " " + tag);
        }
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
  try {
    f();
    fail(what + ": no error");
  } catch (const ordo::error& e) {
    if (e.code() != code) fail(what + ": wrong code, " + e.what());
  }
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
  for (std::uint64_t n : {0ull, 1ull, 7ull, 100ull, 1000ull})
    for (int gen = 0; gen < n_gens; ++gen)
      for (int pattern = 0; pattern < 4; ++pattern) {
        if (n == 1000 && (pattern == 1 || pattern == 2)) continue;  // kept fast: the small sizes cover them
        run_case<std::int32_t>(gen, pattern, n, seed++);
        run_case<double>(gen, pattern, n, seed++);
        if (n == 100 && pattern == 3) {
          run_case<std::uint64_t>(gen, pattern, n, seed++);
          run_case<float>(gen, pattern, n, seed++);
        }
      }
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
