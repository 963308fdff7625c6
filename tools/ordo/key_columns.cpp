// key_columns.hpp: --column lists, per-column flags, reading several columns.
#include "key_columns.hpp"

#include <span>
#include <type_traits>
#include <utility>

#include "ordo/detail/key_dtypes.hpp"
#include "ordo/detail/key_traits.hpp"
#include "ordo/device_buffer.hpp"
#include "ordo/error.hpp"

namespace ordo::tools {

namespace {
[[noreturn]] void bad(const std::string& message) { throw error(errc::invalid_argument, message); }

std::string listed(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out += (out.empty() ? "" : ", ") + n;
  return out;
}

// A narrow column (int8 ... float16) as its carrier (int32, uint32, float32): exact, same order.
io::column widened(io::column c) {
  return std::visit(
      [&](auto& v) -> io::column {
        using T = typename std::decay_t<decltype(v)>::value_type;
        if constexpr (ordo::detail::is_wide_key<T>()) {
          return std::move(c);
        } else {
          using C = ordo::detail::carrier_t<T>;
          io::column w = io::make_column(io::dtype_of<C>(), v.size());
          auto& out = std::get<io::vector_of<C>>(w.data);
          for (std::size_t i = 0; i < v.size(); ++i) out[i] = ordo::detail::widen_key<T>(v[i]);
          return w;
        }
      },
      c.data);
}
}  // namespace

std::vector<std::string> split_column_names(const std::string& list) {
  std::vector<std::string> out;
  std::size_t at = 0;
  for (;;) {
    const std::size_t comma = list.find(',', at);
    out.push_back(list.substr(at, comma == std::string::npos ? std::string::npos : comma - at));
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  if (out.size() > 1)
    for (const std::string& n : out)
      if (n.empty()) bad("--column " + list + ": an empty column name (a stray comma?)");
  return out;
}

std::vector<bool> columns_flagged(const CLI::Option* opt, const std::string& value,
                                  const std::vector<std::string>& names) {
  if (opt->count() == 0) return std::vector<bool>(names.size(), false);
  if (value.empty()) return std::vector<bool>(names.size(), true);
  std::vector<bool> out(names.size(), false);
  for (const std::string& want : split_column_names(value)) {
    std::size_t i = 0;
    while (i < names.size() && names[i] != want) ++i;
    if (i == names.size())
      bad(opt->get_name() + " " + value + ": '" + want + "' is not one of the key columns" +
          (names.size() == 1 && names[0].empty() ? " (no --column was given: write " + opt->get_name() +
                                                       " alone for the file's only column)"
                                                 : " (--column " + listed(names) + ")"));
    out[i] = true;
  }
  return out;
}

CLI::Option* add_columns_option(CLI::App* cmd, const std::string& name, std::string& value, const std::string& help) {
  return cmd->add_option(name, value, help)->expected(0, 1);
}

std::vector<io::column> read_key_columns(const std::string& path, const input_args& a,
                                         const std::vector<std::string>& names) {
  if (names.size() > max_sort_keys)
    bad("--column: at most " + std::to_string(max_sort_keys) + " key columns, got " + std::to_string(names.size()));
  if (names.size() > 1 && io::is_std_stream(path))
    bad("--column " + listed(names) + ": several columns are read from a file, one pass each, and stdin can be "
        "read once; save the input to a file");
  std::vector<io::column> cols;
  for (std::size_t i = 0; i < names.size(); ++i) {
    input_args one = a;
    one.column = names[i];
    io::read_options o = read_options_of(one);
    cols.push_back(widened(io::read_column(path, o)));
    if (cols.back().size() != cols[0].size())  // cannot happen for one text file; a guard
      bad("--column " + names[i] + ": " + std::to_string(cols.back().size()) + " rows, but " + names[0] + " has " +
          std::to_string(cols[0].size()));
  }
  return cols;
}

struct key_columns_view::device_copies {
  std::vector<device_buffer<std::uint8_t>> bytes;
};

key_columns_view::key_columns_view(const std::vector<io::column>& cols, const std::vector<bool>& descending,
                                   const std::vector<bool>& nan_first, bool gpu) {
  if (gpu) {
    device_ = std::make_unique<device_copies>();
    device_->bytes.reserve(cols.size());
  }
  for (std::size_t c = 0; c < cols.size(); ++c) {
    std::visit(
        [&](const auto& v) {
          using T = typename std::decay_t<decltype(v)>::value_type;
          if constexpr (ordo::detail::is_wide_key<T>()) {
            const T* data = v.data();
            if (gpu) {
              const std::span<const std::uint8_t> host(reinterpret_cast<const std::uint8_t*>(v.data()),
                                                       v.size() * sizeof(T));
              device_->bytes.emplace_back(host);
              data = reinterpret_cast<const T*>(device_->bytes.back().data());
            }
            keys_.push_back(make_sort_key(std::span<const T>(data, v.size()), descending[c], !nan_first[c]));
          } else {
            bad("internal: a narrow key column was not widened");
          }
        },
        cols[c].data);
  }
}

key_columns_view::~key_columns_view() = default;

}  // namespace ordo::tools
