// rank_columns.hpp: ordo::rank over key columns for the rank verb.
#include "rank_columns.hpp"

#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "compute_progress.hpp"
#include "key_columns.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/multikey_rank.hpp"

namespace ordo::tools {

namespace {
template <class Rank>
void rank_on(const std::vector<io::column>& cols, const std::vector<bool>& descending, const rank_options& o, bool gpu,
             int threads, std::span<Rank> ranks) {
  const std::vector<bool> nan_first(cols.size(), false);  // rank places NaN by o.na, not by the columns
  const key_columns_view view(cols, descending, nan_first, gpu);
  if (!gpu) return rank(cpu{threads}, view.keys(), ranks, o);
  device_buffer<Rank> d_ranks(ranks.size());
  rank(cuda{}, view.keys(), d_ranks.span(), o);
  detail::device_synchronize();
  d_ranks.download(ranks);
}

// The first m rows of every column (the progress bar's probe).
std::vector<io::column> first_rows(const std::vector<io::column>& cols, std::uint64_t m) {
  std::vector<io::column> out;
  for (const io::column& c : cols)
    out.push_back(std::visit([&](const auto& v) { return io::column{std::decay_t<decltype(v)>(v.begin(), v.begin() + std::ptrdiff_t(m))}; },
                             c.data));
  return out;
}
}  // namespace

io::column rank_by_columns(const std::vector<io::column>& cols, const std::vector<bool>& descending,
                           const rank_options& o, io::dtype rank_type, bool gpu, int threads, bool shown) {
  const std::size_t n = cols.front().size();
  io::column ranks = io::make_column(rank_type, n);
  std::visit(
      [&](auto& r) {
        using Rank = typename std::decay_t<decltype(r)>::value_type;
        if constexpr (is_rank_type_v<Rank>) {
          compute_task task{"ranking " + std::to_string(n) + " rows of " + std::to_string(cols.size()) + " key columns",
                            "rows", n, growth::n_log_n, nullptr};
          if (!gpu)
            task.probe = [&](std::uint64_t m) {
              std::vector<Rank> scratch(m);
              rank_on(first_rows(cols, m), descending, o, false, threads, std::span<Rank>(scratch));
            };
          run_with_progress(shown, task, [&] { rank_on(cols, descending, o, gpu, threads, std::span<Rank>(r)); });
        }
      },
      ranks.data);
  return ranks;
}

}  // namespace ordo::tools
