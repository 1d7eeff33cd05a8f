file(REMOVE_RECURSE
  "libstrata.a"
  "libstrata.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/strata_static.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
