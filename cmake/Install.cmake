# `cmake --install build --prefix P`: the tools, libDLC.so, DLCPlugin.so,
# the public headers, the dialects' IRDL, a CMake package
# (find_package(DLC) -> DLC::DLC) and dlc.pc for pkg-config.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/dlc-c
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} FILES_MATCHING PATTERN "*.h")
install(FILES ${DLC_IRDL_COMBINED}
  ${PROJECT_SOURCE_DIR}/dialects/graph.irdl.mlir ${PROJECT_SOURCE_DIR}/dialects/tensor.irdl.mlir
  DESTINATION ${CMAKE_INSTALL_DATADIR}/dlc)

include(CMakePackageConfigHelpers)
set(DLC_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/DLC)
install(EXPORT DLCTargets NAMESPACE DLC:: DESTINATION ${DLC_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/DLCConfig.cmake.in
  ${PROJECT_BINARY_DIR}/DLCConfig.cmake INSTALL_DESTINATION ${DLC_CMAKE_DIR}
  PATH_VARS CMAKE_INSTALL_INCLUDEDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/DLCConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/DLCConfig.cmake ${PROJECT_BINARY_DIR}/DLCConfigVersion.cmake
  DESTINATION ${DLC_CMAKE_DIR})

configure_file(${PROJECT_SOURCE_DIR}/cmake/dlc.pc.in ${PROJECT_BINARY_DIR}/dlc.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/dlc.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

# The Python package (python/dlc, ctypes on libDLC.so), where Debian's
# python3 finds it under a prefix: <prefix>/lib/python3/dist-packages. It
# finds libDLC.so three levels up, in <prefix>/lib.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/dlc DESTINATION ${CMAKE_INSTALL_LIBDIR}/python3/dist-packages
  FILES_MATCHING PATTERN "*.py")
