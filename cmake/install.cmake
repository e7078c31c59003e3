# `cmake --install build --prefix P`: the programs in P/bin, the shipped data (weights, opening
# books, XOT openings) in P/share/tempo, where formats/data_files.cpp looks beside the binary.
# `cpack -G DEB` (run in the build folder) packages the same tree for /usr.
include(GNUInstallDirs)

install(TARGETS tempo tempo-train RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
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
