"""Builds the extension ordo._ordo with CMake for `pip install .` / `pip wheel .`.

Only the CMake target ordo_python_modules (ordo._ordo, and ordo._ordo_mpi where
MPI and mpi4py's headers are found, with the libraries they link) is built;
tests, tools and benchmarks are not. Environment variables:

ORDO_CMAKE_BUILD_DIR  an existing, configured CMake build dir of this checkout
                      (scripts/test's): reused as it is, only ordo_python_modules is
                      (re)built there, so the library is not compiled twice.
                      Without it a build dir under setuptools' build_temp is
                      configured (CPU-only unless CUDA is found, see below).
ORDO_ENABLE_CUDA      AUTO (default): the CUDA backend where nvcc is found and
                      nvidia-smi lists a GPU, for that GPU's architecture; ON:
                      CUDA required; OFF: CPU backend only.
CMAKE_CUDA_ARCHITECTURES  overrides the architecture AUTO/ON pick.
ORDO_CMAKE_ARGS       extra arguments for the configure step (space-separated).
CMAKE_BUILD_PARALLEL_LEVEL  build jobs (default: the number of CPUs).
ccache is used where it is on PATH.
"""
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def _version():
    m = re.search(r"project\(ordo VERSION ([0-9.]+)", (ROOT / "CMakeLists.txt").read_text())
    return m.group(1)


def _nvcc():
    found = shutil.which("nvcc")
    if found:
        return found
    default = Path("/usr/local/cuda/bin/nvcc")
    return str(default) if default.exists() else None


def _gpu_arch():
    """The first GPU's compute capability as CMake spells it ("90"), or None."""
    try:
        out = subprocess.run(["nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader"],
                             capture_output=True, text=True, timeout=30, check=True).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    cap = out.strip().splitlines()[0].replace(".", "").strip() if out.strip() else ""
    return cap or None


def _cuda_args():
    mode = os.environ.get("ORDO_ENABLE_CUDA", "AUTO").upper()
    if mode not in ("AUTO", "ON", "OFF"):
        raise RuntimeError(f"ORDO_ENABLE_CUDA must be AUTO, ON or OFF, not {mode!r}")
    if mode == "OFF":
        return ["-DORDO_ENABLE_CUDA=OFF"], "CPU backend (ORDO_ENABLE_CUDA=OFF)"
    nvcc, arch = _nvcc(), os.environ.get("CMAKE_CUDA_ARCHITECTURES") or _gpu_arch()
    if mode == "AUTO" and (nvcc is None or arch is None):
        why = "no nvcc" if nvcc is None else "no GPU listed by nvidia-smi"
        return ["-DORDO_ENABLE_CUDA=OFF"], f"CPU backend ({why}; ORDO_ENABLE_CUDA=ON to insist)"
    if nvcc is None:
        raise RuntimeError("ORDO_ENABLE_CUDA=ON but nvcc was found neither on PATH nor in /usr/local/cuda/bin")
    args = ["-DORDO_ENABLE_CUDA=ON", f"-DCMAKE_CUDA_COMPILER={nvcc}"]
    if arch:
        args.append(f"-DCMAKE_CUDA_ARCHITECTURES={arch}")
    return args, f"CUDA backend (nvcc {nvcc}, architecture {arch or 'CMake default'})"


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class cmake_build_ext(build_ext):
    """Configures (unless ORDO_CMAKE_BUILD_DIR names a configured dir) and
    builds the target ordo_python_modules, then copies the modules into the package."""

    def build_extension(self, ext):
        reuse = os.environ.get("ORDO_CMAKE_BUILD_DIR")
        if reuse:
            build_dir = Path(reuse).resolve()
            if not (build_dir / "CMakeCache.txt").exists():
                raise RuntimeError(f"ORDO_CMAKE_BUILD_DIR={reuse}: no CMakeCache.txt there (configure it first, "
                                   "or unset the variable to let pip configure its own)")
            print(f"ordo: reusing the CMake build dir {build_dir}", flush=True)
        else:
            build_dir = Path(self.build_temp).resolve() / "cmake"
            cuda, what = _cuda_args()
            print(f"ordo: building the {what} in {build_dir}", flush=True)
            args = ["cmake", "-S", str(ROOT), "-B", str(build_dir), "-DCMAKE_BUILD_TYPE=Release",
                    "-DORDO_BUILD_PYTHON=ON", "-DORDO_BUILD_TESTS=OFF", "-DORDO_BUILD_BENCH=OFF",
                    "-DORDO_BUILD_TOOLS=OFF", f"-DPYTHON_EXECUTABLE={sys.executable}", *cuda]
            if shutil.which("ninja"):
                args += ["-G", "Ninja"]
            if shutil.which("ccache"):
                args += ["-DCMAKE_CXX_COMPILER_LAUNCHER=ccache", "-DCMAKE_CUDA_COMPILER_LAUNCHER=ccache"]
            args += shlex.split(os.environ.get("ORDO_CMAKE_ARGS", ""))
            subprocess.run(args, check=True)
        jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
        subprocess.run(["cmake", "--build", str(build_dir), "--target", "ordo_python_modules", "-j", jobs], check=True)

        dest = Path(self.get_ext_fullpath(ext.name))
        dest.parent.mkdir(parents=True, exist_ok=True)
        suffix = sysconfig.get_config_var("EXT_SUFFIX")
        for module in _modules(build_dir):
            built = build_dir / "python" / "ordo" / f"{module}{suffix}"
            if not built.exists():
                found = sorted(p.name for p in (build_dir / "python" / "ordo").glob("_ordo*"))
                raise RuntimeError(f"ordo: {built} was not built: this interpreter ({sys.executable}) wants the suffix "
                                   f"{suffix}, the build dir holds {found or 'no module'}; configure it with "
                                   f"-DPYTHON_EXECUTABLE={sys.executable} or unset ORDO_CMAKE_BUILD_DIR")
            # Beside ordo._ordo in build_lib, from where the wheel takes the whole package.
            shutil.copyfile(built, dest.parent / built.name)


def _modules(build_dir):
    """The compiled modules the build dir makes: _ordo, and _ordo_mpi (ordo.mpi)
    where CMake found MPI and mpi4py's headers (python/mpi/CMakeLists.txt)."""
    with_mpi = "ORDO_HAS_PYTHON_MPI:INTERNAL=ON" in (build_dir / "CMakeCache.txt").read_text()
    print(f"ordo: ordo.mpi {'built' if with_mpi else 'left out (no MPI or no mpi4py headers)'}", flush=True)
    return ["_ordo", "_ordo_mpi"] if with_mpi else ["_ordo"]


setup(version=_version(), ext_modules=[CMakeExtension("ordo._ordo")], cmdclass={"build_ext": cmake_build_ext})
