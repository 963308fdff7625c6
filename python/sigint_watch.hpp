// Ctrl-C during a call that runs with the GIL released. Python's own SIGINT
// handler only records the signal; KeyboardInterrupt is raised when the
// interpreter runs again, i.e. after the call. While a sigint_watch lives on
// the main thread, SIGINT also sets an ordo::interrupt_flag that this thread
// watches (ordo/interrupt.hpp), so the call stops at its next phase boundary
// with errc::interrupted; run_on turns that into KeyboardInterrupt.
//
// Only the main thread installs the handler (Python delivers signals there);
// it chains to the handler it replaced and puts it back when the watch ends.
// Where SIGINT is ignored or left to the default action, nothing changes.
#pragma once
#include <optional>

#include "ordo/interrupt.hpp"

namespace ordo_py {

class sigint_watch {
 public:
  sigint_watch();  // with the GIL held
  ~sigint_watch();
  sigint_watch(const sigint_watch&) = delete;
  sigint_watch& operator=(const sigint_watch&) = delete;

 private:
  bool installed_ = false;
  std::optional<ordo::interrupt_scope> scope_;
};

// Records the main thread's identity; called once when the module loads.
void remember_main_thread();

}  // namespace ordo_py
