
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/tests/core/test_core.c" "CMakeFiles/strata_tests.dir/tests/core/test_core.c.o" "gcc" "CMakeFiles/strata_tests.dir/tests/core/test_core.c.o.d"
  "/work/main/tests/main.c" "CMakeFiles/strata_tests.dir/tests/main.c.o" "gcc" "CMakeFiles/strata_tests.dir/tests/main.c.o.d"
  "/work/main/tests/util.c" "CMakeFiles/strata_tests.dir/tests/util.c.o" "gcc" "CMakeFiles/strata_tests.dir/tests/util.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  "/work/main/build/CMakeFiles/strata_static.dir/DependInfo.cmake"
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
