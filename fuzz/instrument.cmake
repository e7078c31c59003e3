# Included by the top CMakeLists.txt before the floors when TEMPO_FUZZ=ON: every library is built
# with libFuzzer's coverage hooks (fuzzer-no-link) and AddressSanitizer + UndefinedBehaviorSanitizer,
# so the fuzz targets in fuzz/ see inside the parsers. The unit tests of such a build run under
# ASan+UBSan too (CI uses one build for both).
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "TEMPO_FUZZ=ON needs clang (libFuzzer): configure with -DCMAKE_CXX_COMPILER=clang++")
endif()
if(NOT TEMPO_SANITIZE)
  set(TEMPO_SANITIZE "address,undefined" CACHE STRING "Sanitizers: '', 'address,undefined' or 'thread'" FORCE)
endif()
if(TEMPO_SANITIZE STREQUAL "thread")
  message(FATAL_ERROR "TEMPO_FUZZ=ON runs under address,undefined, not thread")
endif()
add_compile_options(-fsanitize=fuzzer-no-link)
