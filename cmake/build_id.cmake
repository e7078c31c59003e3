# Writes OUT (a header defining TEMPO_BUILD_ID: the version and the commit, "-dirty" with
# uncommitted changes) at every build, touching it only when the id changes, so that what a build
# records (the self-play manifests) names the commit it was built from, not the last configure's.
# Run as: cmake -DSOURCE_DIR=... -DVERSION=... -DOUT=... -P build_id.cmake
execute_process(COMMAND git -C "${SOURCE_DIR}" describe --always --dirty --abbrev=10
                OUTPUT_VARIABLE commit OUTPUT_STRIP_TRAILING_WHITESPACE ERROR_QUIET RESULT_VARIABLE failed)
if(failed OR commit STREQUAL "")
  set(commit "unknown")  # a source tree without git (an unpacked archive)
endif()
set(content "#define TEMPO_BUILD_ID \"${VERSION}-${commit}\"\n")
if(EXISTS "${OUT}")
  file(READ "${OUT}" old)
endif()
if(NOT old STREQUAL content)
  file(WRITE "${OUT}" "${content}")
endif()
