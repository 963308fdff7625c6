// One benchmark run's rows, written as the JSON of bench-protocol.md.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace ordo_bench {

struct row {
  std::string capability, impl, variant;
  bool is_default = false;
  std::string key, value;  // value empty: null
  std::uint64_t n = 0;
  nlohmann::json params = nlohmann::json::object();
  double ms = 0, copy_floor_ms = 0;
  bool verified = false;
  nlohmann::json extra = nlohmann::json::object();  // e.g. threads, fig
};

// A timed row with the fields every suite fills.
inline row timed_row(std::string capability, std::string impl, std::string variant, std::string key, std::uint64_t n,
                     nlohmann::json params, double ms, double floor, bool verified, bool is_default) {
  row r;
  r.capability = std::move(capability);
  r.impl = std::move(impl);
  r.variant = std::move(variant);
  r.key = std::move(key);
  r.n = n;
  r.params = std::move(params);
  r.ms = ms;
  r.copy_floor_ms = floor;
  r.verified = verified;
  r.is_default = is_default;
  return r;
}

class results {
 public:
  explicit results(std::string capability) : capability_(std::move(capability)) {}
  void add(row r);
  // Writes <dir>/<capability>.json with device, driver, commit and date.
  void write(const std::string& dir) const;
  const std::vector<row>& rows() const { return rows_; }

 private:
  std::string capability_;
  std::vector<row> rows_;
};

// Prints "  name  ms  ratio" lines as rows arrive, so a cut-off run still tells.
void print_row(const row& r);
inline void print_and_add(results& res, const row& r) {
  print_row(r);
  res.add(r);
}

}  // namespace ordo_bench
