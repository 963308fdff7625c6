// Names of the segmented sort's options, as the CLI and the benchmark spell them.
#include <cstring>
#include <string>

#include "ordo/segmented_sort.hpp"

namespace ordo {

const char* to_string(segsort_write w) noexcept {
  switch (w) {
    case segsort_write::automatic: return "automatic";
    case segsort_write::direct: return "direct";
    case segsort_write::striped: return "striped";
  }
  return "unknown";
}

segsort_write parse_segsort_write(const char* name) {
  for (segsort_write w : {segsort_write::automatic, segsort_write::direct, segsort_write::striped})
    if (!std::strcmp(name, to_string(w))) return w;
  throw error(errc::invalid_argument,
              std::string("unknown segmented sort write '") + name + "' (automatic, direct, striped)");
}

const char* to_string(segsort_path p) noexcept {
  switch (p) {
    case segsort_path::automatic: return "automatic";
    case segsort_path::binned: return "binned";
    case segsort_path::short_tiles: return "short_tiles";
    case segsort_path::radix_tiles: return "radix_tiles";
  }
  return "unknown";
}

segsort_path parse_segsort_path(const char* name) {
  for (segsort_path p : {segsort_path::automatic, segsort_path::binned, segsort_path::short_tiles,
                         segsort_path::radix_tiles})
    if (!std::strcmp(name, to_string(p))) return p;
  throw error(errc::invalid_argument,
              std::string("unknown segmented sort path '") + name + "' (automatic, binned, short_tiles, radix_tiles)");
}

}  // namespace ordo
