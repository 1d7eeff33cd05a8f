file(REMOVE_RECURSE
  "libstrata.pdb"
  "libstrata.so"
  "libstrata.so.0"
  "libstrata.so.0.1.0"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/strata_shared.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
