// ordo::error — the one exception type every ordo entry point throws.
#pragma once
#include <stdexcept>
#include <string>

namespace ordo {

enum class errc {
  invalid_argument,   // sizes, options or types that do not fit together
  unsorted_input,     // rank_sorted's precondition does not hold
  invalid_list,       // a successor array that is not a forest of lists (list_rank, list_scan)
  out_of_memory,      // a scratch or output allocation failed
  cuda_error,         // a CUDA runtime call or a kernel launch failed
  not_supported,      // built without CUDA, no usable CUDA device, or a variant that does not do this method
  io_error,           // the CLI could not read or write a file
  interrupted,        // the interrupt flag the calling thread watches was set (interrupt.hpp)
};

const char* to_string(errc code) noexcept;

class error : public std::runtime_error {
 public:
  error(errc code, const std::string& message)
      : std::runtime_error(std::string("ordo: ") + message), code_(code) {}
  errc code() const noexcept { return code_; }

 private:
  errc code_;
};

inline const char* to_string(errc code) noexcept {
  switch (code) {
    case errc::invalid_argument: return "invalid_argument";
    case errc::unsorted_input: return "unsorted_input";
    case errc::invalid_list: return "invalid_list";
    case errc::out_of_memory: return "out_of_memory";
    case errc::cuda_error: return "cuda_error";
    case errc::not_supported: return "not_supported";
    case errc::io_error: return "io_error";
    case errc::interrupted: return "interrupted";
  }
  return "unknown";
}

}  // namespace ordo
