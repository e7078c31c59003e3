# `cmake --install build --prefix P`: the programs in P/bin, the shipped data (weights, opening
# books, XOT openings) in P/share/tempo, where formats/data_files.cpp looks beside the binary.
# `cpack -G DEB` (run in the build folder) packages the same tree for /usr.

install(TARGETS tempo tempo-train RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

# libtempo (library/): the shared and static libraries, the C header, a pkg-config file and a CMake
# package (find_package(Tempo) gives Tempo::tempo, and Tempo::tempo_static).
install(TARGETS tempo_library tempo_library_static EXPORT TempoTargets
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/library/include/tempo DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT TempoTargets NAMESPACE Tempo:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Tempo)
configure_file(${CMAKE_SOURCE_DIR}/library/TempoConfig.cmake.in ${CMAKE_BINARY_DIR}/TempoConfig.cmake @ONLY)
include(CMakePackageConfigHelpers)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/TempoConfigVersion.cmake COMPATIBILITY SameMajorVersion)
install(FILES ${CMAKE_BINARY_DIR}/TempoConfig.cmake ${CMAKE_BINARY_DIR}/TempoConfigVersion.cmake
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/Tempo)
# tempo.pc finds the prefix from its own folder (${pcfiledir}), so that `cmake --install --prefix P`
# into any P gives a file that points into P.
file(RELATIVE_PATH TEMPO_PC_TO_PREFIX ${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig ${CMAKE_INSTALL_PREFIX})
configure_file(${CMAKE_SOURCE_DIR}/library/tempo.pc.in ${CMAKE_BINARY_DIR}/tempo.pc @ONLY)
install(FILES ${CMAKE_BINARY_DIR}/tempo.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
install(DIRECTORY ${CMAKE_SOURCE_DIR}/data/weights ${CMAKE_SOURCE_DIR}/data/book ${CMAKE_SOURCE_DIR}/data/openings
        DESTINATION ${CMAKE_INSTALL_DATADIR}/tempo
        PATTERN "README.md" EXCLUDE)
install(FILES ${CMAKE_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})

set(CPACK_PACKAGE_NAME tempo)
set(CPACK_PACKAGE_VENDOR "Tempo")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "Othello (Reversi) engine: NBoard and GTP, exact endgame solver")
set(CPACK_PACKAGE_CONTACT "Tempo developers")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION games)
# The shared libraries the programs link (libc, libstdc++, zlib, xxHash), found by dpkg-shlibdeps.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
include(CPack)
