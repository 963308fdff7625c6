// How a distributed backend makes every process throw when one process's
// local checks fail, so that none waits forever in the next collective: each
// runs its checks, then all call `agree(error or null)`, a collective that
// finds the first failing process and hands its error to everybody
// (ordo::mpi: MPI_Allreduce + MPI_Bcast; ordo::nccl: ncclAllReduce +
// ncclBroadcast). Transport-free: the backends pass their own agree.
#pragma once
#include <exception>
#include <new>
#include <string>

#include "ordo/error.hpp"

namespace ordo::dist {

// Runs f (the local checks) and agrees on its outcome; agree(nullptr) returns
// when no process failed and throws otherwise.
template <class Agree, class F>
void checked_by(Agree&& agree, F&& f) {
  try {
    f();
  } catch (const error& e) {
    agree(&e);
  } catch (const std::bad_alloc&) {  // not ordo::error: still agreed on, or the others would wait forever
    const error e(errc::out_of_memory, "out of host memory in the local checks");
    agree(&e);
  } catch (const std::exception& e) {
    const error wrapped(errc::invalid_argument, std::string("the local checks failed: ") + e.what());
    agree(&wrapped);
  }
  agree(nullptr);
}

// The message a failing process hands on, without the "ordo: " prefix.
inline std::string message_of(const error& e) {
  std::string msg = e.what();
  if (msg.rfind("ordo: ", 0) == 0) msg.erase(0, 6);
  return msg;
}

// What the processes that did not fail throw.
inline error error_from(int first, int p, int code, const std::string& msg) {
  return error(errc(code), "process " + std::to_string(first) + " of " + std::to_string(p) + ": " + msg);
}

}  // namespace ordo::dist
