file(REMOVE_RECURSE
  "CMakeFiles/strata_objects.dir/src/core/alloc.c.o"
  "CMakeFiles/strata_objects.dir/src/core/alloc.c.o.d"
  "CMakeFiles/strata_objects.dir/src/core/dtype.c.o"
  "CMakeFiles/strata_objects.dir/src/core/dtype.c.o.d"
  "CMakeFiles/strata_objects.dir/src/core/error.c.o"
  "CMakeFiles/strata_objects.dir/src/core/error.c.o.d"
  "CMakeFiles/strata_objects.dir/src/core/rng.c.o"
  "CMakeFiles/strata_objects.dir/src/core/rng.c.o.d"
  "CMakeFiles/strata_objects.dir/src/core/scope.c.o"
  "CMakeFiles/strata_objects.dir/src/core/scope.c.o.d"
  "CMakeFiles/strata_objects.dir/src/core/shape.c.o"
  "CMakeFiles/strata_objects.dir/src/core/shape.c.o.d"
  "CMakeFiles/strata_objects.dir/src/core/storage.c.o"
  "CMakeFiles/strata_objects.dir/src/core/storage.c.o.d"
  "CMakeFiles/strata_objects.dir/src/core/tensor.c.o"
  "CMakeFiles/strata_objects.dir/src/core/tensor.c.o.d"
  "CMakeFiles/strata_objects.dir/src/core/threads.c.o"
  "CMakeFiles/strata_objects.dir/src/core/threads.c.o.d"
  "CMakeFiles/strata_objects.dir/src/core/version.c.o"
  "CMakeFiles/strata_objects.dir/src/core/version.c.o.d"
  "CMakeFiles/strata_objects.dir/src/dispatch/dispatch.c.o"
  "CMakeFiles/strata_objects.dir/src/dispatch/dispatch.c.o.d"
  "CMakeFiles/strata_objects.dir/src/kernels/copy.c.o"
  "CMakeFiles/strata_objects.dir/src/kernels/copy.c.o.d"
  "CMakeFiles/strata_objects.dir/src/kernels/random.c.o"
  "CMakeFiles/strata_objects.dir/src/kernels/random.c.o.d"
  "CMakeFiles/strata_objects.dir/src/ops/creation.c.o"
  "CMakeFiles/strata_objects.dir/src/ops/creation.c.o.d"
  "CMakeFiles/strata_objects.dir/src/ops/op.c.o"
  "CMakeFiles/strata_objects.dir/src/ops/op.c.o.d"
  "CMakeFiles/strata_objects.dir/src/ops/table.c.o"
  "CMakeFiles/strata_objects.dir/src/ops/table.c.o.d"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/strata_objects.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
