# `cmake --build BUILD --target windows-zip` (a Windows build, cmake/mingw-w64.cmake): BUILD/<name>.zip,
# one folder <name>/ holding tempo.exe (static: no DLLs), data/ (weights, opening books, XOT
# openings: where formats/data_files.cpp looks beside the executable) and README.md. Unpacked
# anywhere, NBoard runs `tempo.exe nboard` from that folder.
set(TEMPO_ZIP_NAME tempo-${PROJECT_VERSION}-windows-${TEMPO_ARCH})
set(TEMPO_ZIP_STAGE ${CMAKE_BINARY_DIR}/zip)
set(TEMPO_ZIP_ROOT ${TEMPO_ZIP_STAGE}/${TEMPO_ZIP_NAME})
add_custom_target(windows-zip
  COMMAND ${CMAKE_COMMAND} -E rm -rf ${TEMPO_ZIP_STAGE}
  COMMAND ${CMAKE_COMMAND} -E make_directory ${TEMPO_ZIP_ROOT}/data
  COMMAND ${CMAKE_COMMAND} -E copy $<TARGET_FILE:tempo> ${CMAKE_SOURCE_DIR}/README.md ${TEMPO_ZIP_ROOT}
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_SOURCE_DIR}/data/weights ${TEMPO_ZIP_ROOT}/data/weights
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_SOURCE_DIR}/data/book ${TEMPO_ZIP_ROOT}/data/book
  COMMAND ${CMAKE_COMMAND} -E copy_directory ${CMAKE_SOURCE_DIR}/data/openings ${TEMPO_ZIP_ROOT}/data/openings
  COMMAND ${CMAKE_COMMAND} -E chdir ${TEMPO_ZIP_STAGE}
          ${CMAKE_COMMAND} -E tar cf ${CMAKE_BINARY_DIR}/${TEMPO_ZIP_NAME}.zip --format=zip ${TEMPO_ZIP_NAME}
  DEPENDS tempo
  COMMENT "Packing ${TEMPO_ZIP_NAME}.zip"
  VERBATIM)
