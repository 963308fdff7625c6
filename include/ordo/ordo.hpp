// Everything ordo offers.
#pragma once
#include "ordo/device_buffer.hpp"
#include "ordo/error.hpp"
#include "ordo/execution.hpp"
#include "ordo/list_gen.hpp"
#include "ordo/list_rank.hpp"
#include "ordo/primitives.hpp"
#include "ordo/segmented_sort.hpp"
#include "ordo/ops.hpp"
#include "ordo/rank.hpp"
#include "ordo/types.hpp"
#include "ordo/version.hpp"
