#include <omp.h>

#include "ordo/execution.hpp"

namespace ordo {
int cpu::resolved_threads() const { return threads > 0 ? threads : omp_get_max_threads(); }
}  // namespace ordo
