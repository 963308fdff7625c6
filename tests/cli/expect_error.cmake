# ctest helper: run `ordo` with ARGS ("|"-separated), expect exit code EXIT (a
# number, or "nonzero"; a crash is neither) and stderr matching the regular
# expression STDERR (and stdout matching STDOUT, when given).
#   cmake -DORDO=... -DARGS=... -DEXIT=2 -DSTDERR=... [-DSTDOUT=...] -P expect_error.cmake
string(REPLACE "|" ";" ARGS "${ARGS}")  # ARGS comes "|"-separated: ";" would split it early
execute_process(COMMAND ${ORDO} ${ARGS} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_VARIABLE out)
if((EXIT STREQUAL "nonzero" AND (rc EQUAL 0 OR NOT rc MATCHES "^[0-9]+$")) OR
   (NOT EXIT STREQUAL "nonzero" AND NOT rc STREQUAL EXIT))
  message(FATAL_ERROR "ordo ${ARGS} exited '${rc}', want ${EXIT}\nstdout: ${out}\nstderr: ${err}")
endif()
if(NOT err MATCHES "${STDERR}")
  message(FATAL_ERROR "ordo ${ARGS}: stderr does not match '${STDERR}'\nstderr: ${err}")
endif()
if(DEFINED STDOUT AND NOT out MATCHES "${STDOUT}")
  message(FATAL_ERROR "ordo ${ARGS}: stdout does not match '${STDOUT}'\nstdout: ${out}")
endif()
message(STATUS "ok: ${err}")
