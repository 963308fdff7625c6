// Helpers for the I/O tests: a scratch directory per test, files written from
// bytes, and a check that a call throws ordo::error with a code and message.
#pragma once
#include <unistd.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "ordo/error.hpp"

namespace cli_test {

// A fresh directory for the running test, removed after it.
class scratch_dir : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = std::filesystem::temp_directory_path() /
           ("ordo_cli_io_" + std::to_string(::getpid()) + "_" + info->test_suite_name() + "_" + info->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  std::string write(const std::string& name, const std::string& bytes) const {
    std::ofstream(path(name), std::ios::binary) << bytes;
    return path(name);
  }
  std::string read(const std::string& name) const {
    std::ifstream f(path(name), std::ios::binary);
    return {std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
  }

 private:
  std::filesystem::path dir_;
};

// A .npy file from its header dict and data bytes (version 1.0 unless given).
inline std::string npy_bytes(const std::string& dict, const std::string& data, int major = 1) {
  std::string header = dict + "\n";
  std::string out = std::string("\x93NUMPY") + char(major) + char(0);
  const std::uint32_t len = std::uint32_t(header.size());
  out += char(len & 0xff);
  out += char((len >> 8) & 0xff);
  if (major >= 2) {
    out += char((len >> 16) & 0xff);
    out += char(len >> 24);
  }
  return out + header + data;
}

template <class T>
std::string bytes_of(std::initializer_list<T> values) {
  std::string s;
  for (T v : values) s.append(reinterpret_cast<const char*>(&v), sizeof v);
  return s;
}

// The call throws ordo::error with `code` and a message containing every one
// of `parts`.
template <class F>
::testing::AssertionResult throws(F&& f, ordo::errc code, std::initializer_list<const char*> parts) {
  try {
    f();
  } catch (const ordo::error& e) {
    const std::string msg = e.what();
    if (e.code() != code)
      return ::testing::AssertionFailure() << "errc::" << ordo::to_string(e.code()) << " (" << msg << ")";
    for (const char* p : parts)
      if (msg.find(p) == std::string::npos)
        return ::testing::AssertionFailure() << "message \"" << msg << "\" lacks \"" << p << "\"";
    return ::testing::AssertionSuccess() << msg;
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "a non-ordo exception: " << e.what();
  }
  return ::testing::AssertionFailure() << "no exception";
}

}  // namespace cli_test

#define EXPECT_IO_ERROR(statement, ...) \
  EXPECT_TRUE(::cli_test::throws([&] { statement; }, ::ordo::errc::io_error, {__VA_ARGS__}))
#define EXPECT_ARG_ERROR(statement, ...) \
  EXPECT_TRUE(::cli_test::throws([&] { statement; }, ::ordo::errc::invalid_argument, {__VA_ARGS__}))
