#!/usr/bin/env bash
# Installs a built ordo to a fresh prefix and builds tests/install/consumer
# against it with find_package(ordo), then runs it. The .cu consumer is built
# too when nvcc is there (no GPU needed: it runs the CPU path without one).
# Usage: tests/install/check.sh BUILD_DIR [WORK_DIR]   (ctest install.consumer)
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$(cd "$1" && pwd)
work=${2:-$(mktemp -d)}
rm -rf "$work" && mkdir -p "$work"
cmake --install "$build" --prefix "$work/prefix" >/dev/null
nvcc=$(command -v nvcc || ls /usr/local/cuda/bin/nvcc 2>/dev/null || true)
cuda=(-DWITH_CUDA=OFF)
if [ -n "$nvcc" ]; then
  cuda=(-DWITH_CUDA=ON -DCMAKE_CUDA_COMPILER="$nvcc" -DCMAKE_CUDA_ARCHITECTURES=90)
fi
gen=(); command -v ninja >/dev/null && gen=(-G Ninja)
cmake -S "$here/consumer" -B "$work/build" "${gen[@]}" -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$work/prefix" "${cuda[@]}" >"$work/configure.log" || { cat "$work/configure.log"; exit 1; }
cmake --build "$work/build" --verbose >"$work/build.log" 2>&1 || { cat "$work/build.log"; exit 1; }
"$work/build/app"
if [ -n "$nvcc" ]; then
  # The flag must come from the target (the consumer asks for no standard).
  grep -q -- '-std=c++20' "$work/build.log" || { echo "no -std=c++20 on the nvcc line"; exit 1; }
  "$work/build/app_cu"
fi
echo "install.consumer: ok"
