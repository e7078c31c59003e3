# Cross-compiles tempo.exe for 64-bit Windows with Debian's MinGW-w64 (g++-mingw-w64-x86-64-posix:
# the POSIX-threads variant, whose libstdc++ has std::thread). Use:
#   cmake -S . -B build-mingw --toolchain cmake/mingw-w64.cmake && cmake --build build-mingw --target windows-zip
# cmake/windows_zip.cmake says what the zip holds.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(TEMPO_MINGW_TRIPLET x86_64-w64-mingw32)

set(CMAKE_C_COMPILER ${TEMPO_MINGW_TRIPLET}-gcc-posix)
set(CMAKE_CXX_COMPILER ${TEMPO_MINGW_TRIPLET}-g++-posix)
set(CMAKE_RC_COMPILER ${TEMPO_MINGW_TRIPLET}-windres)

# Libraries and headers (zlib: libz-mingw-w64-dev) come from the MinGW tree only; programs from the host.
set(CMAKE_FIND_ROOT_PATH /usr/${TEMPO_MINGW_TRIPLET})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
