# ctest helper: run `ordo` with ARGS ("|"-separated), expect exit 0, and compare
# the file OUTPUT with EXPECTED byte for byte.
#   cmake -DORDO=... -DARGS=... -DOUTPUT=... -DEXPECTED=... -P run_and_compare.cmake
file(REMOVE ${OUTPUT})
string(REPLACE "|" ";" ARGS "${ARGS}")  # ARGS comes "|"-separated: ";" would split it early
execute_process(COMMAND ${ORDO} ${ARGS} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "ordo ${ARGS} exited ${rc}\nstdout: ${out}\nstderr: ${err}")
endif()
file(READ ${OUTPUT} got)
file(READ ${EXPECTED} want)
if(NOT got STREQUAL want)
  message(FATAL_ERROR "ordo ${ARGS}: ${OUTPUT} differs from ${EXPECTED}\n--- got:\n${got}--- want:\n${want}")
endif()
message(STATUS "ok: ${err}")
