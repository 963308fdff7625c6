// EXPECT_ORDO_ERROR(statement, errc): the statement throws ordo::error with
// that code. Returns the message through `msg` when given one.
#pragma once
#include <string>

#include <gtest/gtest.h>

#include "ordo/error.hpp"

namespace ordo_test {

template <class F>
::testing::AssertionResult throws_ordo_error(F&& f, ordo::errc want, std::string* msg = nullptr) {
  try {
    f();
  } catch (const ordo::error& e) {
    if (msg) *msg = e.what();
    if (e.code() == want) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "threw errc::" << ordo::to_string(e.code()) << " (" << e.what()
                                         << "), want errc::" << ordo::to_string(want);
  } catch (const std::exception& e) {
    return ::testing::AssertionFailure() << "threw a non-ordo exception: " << e.what();
  }
  return ::testing::AssertionFailure() << "did not throw; want errc::" << ordo::to_string(want);
}

}  // namespace ordo_test

#define EXPECT_ORDO_ERROR(statement, code) \
  EXPECT_TRUE(::ordo_test::throws_ordo_error([&] { statement; }, code))
