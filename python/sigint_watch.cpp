// The SIGINT handler that sets ordo's interrupt flag (sigint_watch.hpp).
#include "sigint_watch.hpp"

#include <pybind11/pybind11.h>

#include <signal.h>

namespace ordo_py {
namespace {

unsigned long main_thread = 0;
ordo::interrupt_flag flag;            // set by the handler, watched by the main thread's calls
struct sigaction replaced {};         // Python's handler, chained to

void on_sigint(int sig, siginfo_t* info, void* context) {
  flag.request();
  if (replaced.sa_flags & SA_SIGINFO) {
    if (replaced.sa_sigaction != nullptr) replaced.sa_sigaction(sig, info, context);
  } else if (replaced.sa_handler != SIG_DFL && replaced.sa_handler != SIG_IGN) {
    replaced.sa_handler(sig);
  }
}

bool is_default_or_ignored(const struct sigaction& a) {
  return !(a.sa_flags & SA_SIGINFO) && (a.sa_handler == SIG_DFL || a.sa_handler == SIG_IGN);
}

}  // namespace

void remember_main_thread() {
  main_thread = pybind11::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
}

sigint_watch::sigint_watch() {
  if (main_thread == 0 || PyThread_get_thread_ident() != main_thread) return;
  struct sigaction current {};
  if (sigaction(SIGINT, nullptr, &current) != 0 || is_default_or_ignored(current)) return;
  flag.clear();
  replaced = current;
  struct sigaction mine {};
  mine.sa_sigaction = on_sigint;
  mine.sa_flags = SA_SIGINFO | (current.sa_flags & SA_RESTART);
  sigemptyset(&mine.sa_mask);
  if (sigaction(SIGINT, &mine, nullptr) != 0) return;
  installed_ = true;
  scope_.emplace(flag);
}

sigint_watch::~sigint_watch() {
  if (!installed_) return;
  sigaction(SIGINT, &replaced, nullptr);
  scope_.reset();
  flag.clear();
}

}  // namespace ordo_py
