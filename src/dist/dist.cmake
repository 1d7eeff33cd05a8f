# strata_dist: differentiable MPI collectives and data-parallel training, built when MPI is
# found (STRATA_DIST=OFF skips it). The core library never depends on it: it links against
# strata, and outside programs find it as pkg-config's strata-dist or CMake's component dist.
option(STRATA_DIST "Build strata_dist (MPI collectives, DDP) when MPI is found" ON)
set(STRATA_DIST_BUILT OFF)
if(STRATA_DIST)
  find_package(MPI COMPONENTS C)
endif()
if(STRATA_DIST AND MPI_C_FOUND)
  set(STRATA_DIST_BUILT ON)
  file(GLOB STRATA_DIST_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/src/dist/*.c)
  add_library(strata_dist_objects OBJECT ${STRATA_DIST_SOURCES})
  target_include_directories(strata_dist_objects PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
    PRIVATE ${PROJECT_SOURCE_DIR}/src)
  target_link_libraries(strata_dist_objects PUBLIC MPI::MPI_C)
  add_library(strata_dist_static STATIC $<TARGET_OBJECTS:strata_dist_objects>)
  add_library(strata_dist_shared SHARED $<TARGET_OBJECTS:strata_dist_objects>)
  target_link_libraries(strata_dist_static PUBLIC strata_static MPI::MPI_C)
  target_link_libraries(strata_dist_shared PUBLIC strata_shared MPI::MPI_C)
  foreach(lib strata_dist_static strata_dist_shared)
    set_target_properties(${lib} PROPERTIES OUTPUT_NAME strata_dist
      ARCHIVE_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR} LIBRARY_OUTPUT_DIRECTORY ${PROJECT_BINARY_DIR})
    target_include_directories(${lib} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}/include>
      $<INSTALL_INTERFACE:include>)
  endforeach()
  set_target_properties(strata_dist_shared PROPERTIES VERSION ${PROJECT_VERSION}
    SOVERSION ${PROJECT_VERSION_MAJOR})
  add_library(strata::strata_dist ALIAS strata_dist_static)

  # pkg-config: strata-dist requires strata and adds MPI's flags.
  list(TRANSFORM MPI_C_INCLUDE_DIRS PREPEND "-I" OUTPUT_VARIABLE mpi_cflags)
  list(JOIN mpi_cflags " " STRATA_DIST_MPI_CFLAGS)
  list(JOIN MPI_C_LIBRARIES " " STRATA_DIST_MPI_LIBS)
  set(PC_INCLUDEDIR ${PROJECT_SOURCE_DIR}/include)
  set(PC_LIBDIR ${PROJECT_BINARY_DIR})
  configure_file(${PROJECT_SOURCE_DIR}/cmake/strata-dist.pc.in ${PROJECT_BINARY_DIR}/strata-dist.pc @ONLY)
  set(PC_INCLUDEDIR "\${pcfiledir}/../../include")
  set(PC_LIBDIR "\${pcfiledir}/..")
  configure_file(${PROJECT_SOURCE_DIR}/cmake/strata-dist.pc.in ${PROJECT_BINARY_DIR}/install/strata-dist.pc
    @ONLY)
  install(TARGETS strata_dist_static strata_dist_shared EXPORT strataDistTargets COMPONENT dist
    ARCHIVE DESTINATION lib LIBRARY DESTINATION lib INCLUDES DESTINATION include)
  install(FILES include/strata_dist.h DESTINATION include COMPONENT dist)
  install(FILES ${PROJECT_BINARY_DIR}/install/strata-dist.pc DESTINATION lib/pkgconfig COMPONENT dist)
  install(EXPORT strataDistTargets NAMESPACE strata:: DESTINATION lib/cmake/strata COMPONENT dist)

  # The distributed tests: the test framework of tests/main.c, whose main becomes
  # st_test_main, run by tests/dist/main.c on every rank (make test runs it under mpirun).
  file(GLOB STRATA_DIST_TESTS CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tests/dist/*.c)
  add_library(strata_dist_test_framework OBJECT ${PROJECT_SOURCE_DIR}/tests/main.c
    ${PROJECT_SOURCE_DIR}/tests/util.c)
  target_compile_definitions(strata_dist_test_framework PRIVATE main=st_test_main)
  target_include_directories(strata_dist_test_framework PRIVATE ${PROJECT_SOURCE_DIR}/src
    ${PROJECT_SOURCE_DIR}/tests ${PROJECT_SOURCE_DIR}/include)
  add_executable(strata_dist_tests ${STRATA_DIST_TESTS} $<TARGET_OBJECTS:strata_dist_test_framework>)
  target_include_directories(strata_dist_tests PRIVATE ${PROJECT_SOURCE_DIR}/src ${PROJECT_SOURCE_DIR}/tests)
  target_link_libraries(strata_dist_tests PRIVATE strata_dist_static)
endif()
message(STATUS "strata: strata_dist (MPI) = ${STRATA_DIST_BUILT}")
