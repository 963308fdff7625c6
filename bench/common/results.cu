#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "common/results.hpp"
#include "ordo/cuda/detail/check.cuh"

namespace ordo_bench {

void results::add(row r) {
  print_row(r);
  rows_.push_back(std::move(r));
}

static std::string commit_id() {
  if (const char* c = std::getenv("ORDO_COMMIT")) return c;
  std::string out;
  if (FILE* p = popen("git rev-parse HEAD 2>/dev/null", "r")) {
    char buf[128];
    if (fgets(buf, sizeof buf, p)) out = buf;
    pclose(p);
  }
  while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
  return out.empty() ? "unknown" : out;
}

void results::write(const std::string& dir) const {
  cudaDeviceProp prop{};
  int dev = 0, driver = 0, runtime = 0;
  ORDO_CUDA_CHECK(cudaGetDevice(&dev));
  ORDO_CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  cudaDriverGetVersion(&driver);
  cudaRuntimeGetVersion(&runtime);
  char date[32];
  std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  nlohmann::json j;
  j["device"] = prop.name;
  j["sm_count"] = prop.multiProcessorCount;
  j["driver"] = std::to_string(driver / 1000) + "." + std::to_string(driver % 1000 / 10);
  j["cuda"] = std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
  j["commit"] = commit_id();
  j["date"] = date;
  j["rows"] = nlohmann::json::array();
  for (const row& r : rows_) {
    nlohmann::json x;
    x["capability"] = r.capability;
    x["impl"] = r.impl;
    x["variant"] = r.variant;
    x["default"] = r.is_default;
    x["key"] = r.key;
    x["value"] = r.value.empty() ? nlohmann::json(nullptr) : nlohmann::json(r.value);
    x["n"] = r.n;
    x["params"] = r.params;
    x["ms"] = r.ms;
    x["items_per_s"] = r.ms > 0 ? double(r.n) / (r.ms * 1e-3) : 0.0;
    x["copy_floor_ms"] = r.copy_floor_ms;
    x["verified"] = r.verified;
    for (auto& [k, v] : r.extra.items()) x[k] = v;
    j["rows"].push_back(x);
  }
  // The directory is made if missing; a file that cannot be written is an error.
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::string path = dir + "/" + capability_ + ".json";
  std::ofstream f(path);
  f << j.dump(1) << "\n";
  f.close();
  if (!f) throw std::runtime_error("ordo_bench: cannot write " + path);
}

void print_row(const row& r) {
  std::printf("%-12s %-14s %-16s %-7s %-7s n=%-10llu %-34s %9.3f ms  floor x%.2f%s\n", r.capability.c_str(),
              r.impl.c_str(), r.variant.c_str(), r.key.c_str(), r.value.c_str(), (unsigned long long)r.n,
              r.params.dump().c_str(), r.ms, r.copy_floor_ms > 0 ? r.ms / r.copy_floor_ms : 0.0,
              r.verified ? "" : "  UNVERIFIED");
  std::fflush(stdout);
}

}  // namespace ordo_bench
