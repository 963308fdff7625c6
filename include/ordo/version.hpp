#pragma once
#define ORDO_VERSION_MAJOR 0
#define ORDO_VERSION_MINOR 1
#define ORDO_VERSION_PATCH 0
namespace ordo {
inline constexpr const char* version = "0.1.0";
}
