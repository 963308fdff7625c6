// An enum's spellings as data: one {value, name} row per spelling, and what a
// failed parse says. The first row of a value is its name; later rows of the
// same value are aliases that parse but are never printed. Every to_string /
// parse_* pair of the library's options and of the CLI's formats and types is
// one such table.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "ordo/error.hpp"

namespace ordo::detail {

template <class E>
struct named {
  E value;
  const char* name;
};

template <class E>
class name_table {
 public:
  // unknown: what a parse failure calls the text ("unknown rank method");
  // expected: the spellings it then lists; fallback: the name of a value
  // that has no row.
  template <std::size_t N>
  constexpr name_table(const named<E> (&rows)[N], const char* unknown, const char* expected,
                       const char* fallback = "?")
      : rows_(rows), size_(N), unknown_(unknown), expected_(expected), fallback_(fallback) {}

  constexpr const char* name_of(E v) const noexcept {
    for (std::size_t i = 0; i < size_; ++i)
      if (rows_[i].value == v) return rows_[i].name;
    return fallback_;
  }

  // The value spelled `text` (exact, case-sensitive); otherwise throws
  // errc::invalid_argument "<prefix><unknown> '<text>' (<expected>)".
  E parse(std::string_view text, std::string_view prefix = {}) const {
    for (std::size_t i = 0; i < size_; ++i)
      if (text == rows_[i].name) return rows_[i].value;
    throw error(errc::invalid_argument, std::string(prefix) + unknown_ + " '" + std::string(text) + "' (" +
                                            expected_ + ")");
  }

 private:
  const named<E>* rows_;
  std::size_t size_;
  const char* unknown_;
  const char* expected_;
  const char* fallback_;
};

}  // namespace ordo::detail
