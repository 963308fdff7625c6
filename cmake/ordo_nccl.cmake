# NCCL for the distributed GPU backend ordo::nccl (issue 34): NCCL_ROOT, the
# CUDA toolkit's own directories, or the nvidia-nccl pip package of the Python
# on PATH (headers in site-packages/nvidia/nccl/include, the library in .../lib).
# Defines the imported target NCCL::nccl and ORDO_NCCL_FOUND; src/CMakeLists.txt
# builds ordo_nccl (ordo::nccl) with it.
set(ORDO_NCCL_FOUND OFF)
set(_ordo_nccl_hints "")
if(DEFINED NCCL_ROOT)
  list(APPEND _ordo_nccl_hints ${NCCL_ROOT})
elseif(DEFINED ENV{NCCL_ROOT})
  list(APPEND _ordo_nccl_hints $ENV{NCCL_ROOT})
endif()
find_program(_ordo_python3 python3)
if(_ordo_python3)
  execute_process(COMMAND ${_ordo_python3} -c "import nvidia.nccl, os; print(os.path.dirname(nvidia.nccl.__file__))"
                  OUTPUT_VARIABLE _ordo_nccl_pip OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE _rc)
  if(_rc EQUAL 0 AND _ordo_nccl_pip)
    list(APPEND _ordo_nccl_hints ${_ordo_nccl_pip})
  endif()
endif()
find_path(ORDO_NCCL_INCLUDE_DIR nccl.h HINTS ${_ordo_nccl_hints} ${CUDAToolkit_INCLUDE_DIRS} PATH_SUFFIXES include)
find_library(ORDO_NCCL_LIBRARY NAMES nccl libnccl.so.2 HINTS ${_ordo_nccl_hints} ${CUDAToolkit_LIBRARY_DIR}
             PATH_SUFFIXES lib lib64)
if(ORDO_NCCL_INCLUDE_DIR AND ORDO_NCCL_LIBRARY)
  set(ORDO_NCCL_FOUND ON)
  if(NOT TARGET NCCL::nccl)
    add_library(NCCL::nccl UNKNOWN IMPORTED)
    set_target_properties(NCCL::nccl PROPERTIES IMPORTED_LOCATION ${ORDO_NCCL_LIBRARY}
                          INTERFACE_INCLUDE_DIRECTORIES ${ORDO_NCCL_INCLUDE_DIR})
  endif()
  message(STATUS "ordo: NCCL found (${ORDO_NCCL_LIBRARY})")
else()
  message(STATUS "ordo: NCCL not found (NCCL_ROOT, or pip install nvidia-nccl-cu13)")
endif()
