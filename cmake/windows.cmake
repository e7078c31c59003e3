# A Windows build (cross-compiled with cmake/mingw-w64.cmake). Debian ships xxHash and CLI11 for
# Linux only, but Tempo uses both header-only (engine/hash_key.hpp inlines XXH3): the host's headers,
# found through the host's pkg-config and copied into the build (their folder, /usr/include, would
# otherwise put glibc's headers before MinGW's), are all the build needs. The targets keep the
# names the Linux build's packages give them.
pkg_get_variable(TEMPO_XXHASH_INCLUDEDIR libxxhash includedir)
pkg_get_variable(TEMPO_CLI11_INCLUDEDIR CLI11 includedir)
if(NOT EXISTS "${TEMPO_XXHASH_INCLUDEDIR}/xxhash.h" OR NOT EXISTS "${TEMPO_CLI11_INCLUDEDIR}/CLI/CLI.hpp")
  message(FATAL_ERROR "the Windows build needs the host's xxHash and CLI11 headers (libxxhash-dev, libcli11-dev)")
endif()
set(TEMPO_HOST_HEADERS ${CMAKE_BINARY_DIR}/host-headers)
file(COPY ${TEMPO_XXHASH_INCLUDEDIR}/xxhash.h ${TEMPO_CLI11_INCLUDEDIR}/CLI DESTINATION ${TEMPO_HOST_HEADERS})

add_library(PkgConfig::XXHASH INTERFACE IMPORTED)
target_include_directories(PkgConfig::XXHASH SYSTEM INTERFACE ${TEMPO_HOST_HEADERS})
add_library(CLI11::CLI11 INTERFACE IMPORTED)
target_include_directories(CLI11::CLI11 SYSTEM INTERFACE ${TEMPO_HOST_HEADERS})

# <windows.h> without its rarely used parts (faster to compile) and without its min/max macros.
add_compile_definitions(WIN32_LEAN_AND_MEAN NOMINMAX)

# tempo.exe stands alone: libstdc++, libgcc, winpthread and zlib (libz-mingw-w64-dev) linked in,
# no DLLs beside it.
add_link_options(-static)
set(ZLIB_USE_STATIC_LIBS ON)
