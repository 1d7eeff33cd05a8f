file(REMOVE_RECURSE
  "CMakeFiles/tour.dir/examples/tour.c.o"
  "CMakeFiles/tour.dir/examples/tour.c.o.d"
  "tour"
  "tour.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/tour.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
