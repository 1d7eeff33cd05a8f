file(REMOVE_RECURSE
  "CMakeFiles/strata_tests.dir/tests/core/test_core.c.o"
  "CMakeFiles/strata_tests.dir/tests/core/test_core.c.o.d"
  "CMakeFiles/strata_tests.dir/tests/main.c.o"
  "CMakeFiles/strata_tests.dir/tests/main.c.o.d"
  "CMakeFiles/strata_tests.dir/tests/util.c.o"
  "CMakeFiles/strata_tests.dir/tests/util.c.o.d"
  "strata_tests"
  "strata_tests.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/strata_tests.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
