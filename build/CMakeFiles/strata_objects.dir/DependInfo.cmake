
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/main/src/core/alloc.c" "CMakeFiles/strata_objects.dir/src/core/alloc.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/alloc.c.o.d"
  "/work/main/src/core/dtype.c" "CMakeFiles/strata_objects.dir/src/core/dtype.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/dtype.c.o.d"
  "/work/main/src/core/error.c" "CMakeFiles/strata_objects.dir/src/core/error.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/error.c.o.d"
  "/work/main/src/core/rng.c" "CMakeFiles/strata_objects.dir/src/core/rng.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/rng.c.o.d"
  "/work/main/src/core/scope.c" "CMakeFiles/strata_objects.dir/src/core/scope.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/scope.c.o.d"
  "/work/main/src/core/shape.c" "CMakeFiles/strata_objects.dir/src/core/shape.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/shape.c.o.d"
  "/work/main/src/core/storage.c" "CMakeFiles/strata_objects.dir/src/core/storage.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/storage.c.o.d"
  "/work/main/src/core/tensor.c" "CMakeFiles/strata_objects.dir/src/core/tensor.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/tensor.c.o.d"
  "/work/main/src/core/threads.c" "CMakeFiles/strata_objects.dir/src/core/threads.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/threads.c.o.d"
  "/work/main/src/core/version.c" "CMakeFiles/strata_objects.dir/src/core/version.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/core/version.c.o.d"
  "/work/main/src/dispatch/dispatch.c" "CMakeFiles/strata_objects.dir/src/dispatch/dispatch.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/dispatch/dispatch.c.o.d"
  "/work/main/src/kernels/copy.c" "CMakeFiles/strata_objects.dir/src/kernels/copy.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/kernels/copy.c.o.d"
  "/work/main/src/kernels/gemm.c" "CMakeFiles/strata_objects.dir/src/kernels/gemm.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/kernels/gemm.c.o.d"
  "/work/main/src/kernels/random.c" "CMakeFiles/strata_objects.dir/src/kernels/random.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/kernels/random.c.o.d"
  "/work/main/src/ops/creation.c" "CMakeFiles/strata_objects.dir/src/ops/creation.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/ops/creation.c.o.d"
  "/work/main/src/ops/op.c" "CMakeFiles/strata_objects.dir/src/ops/op.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/ops/op.c.o.d"
  "/work/main/src/ops/table.c" "CMakeFiles/strata_objects.dir/src/ops/table.c.o" "gcc" "CMakeFiles/strata_objects.dir/src/ops/table.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
