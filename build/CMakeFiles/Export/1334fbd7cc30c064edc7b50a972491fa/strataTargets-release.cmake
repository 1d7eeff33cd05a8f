#----------------------------------------------------------------
# Generated CMake target import file for configuration "Release".
#----------------------------------------------------------------

# Commands may need to know the format version.
set(CMAKE_IMPORT_FILE_VERSION 1)

# Import target "strata::strata_static" for configuration "Release"
set_property(TARGET strata::strata_static APPEND PROPERTY IMPORTED_CONFIGURATIONS RELEASE)
set_target_properties(strata::strata_static PROPERTIES
  IMPORTED_LINK_INTERFACE_LANGUAGES_RELEASE "C"
  IMPORTED_LOCATION_RELEASE "${_IMPORT_PREFIX}/lib/libstrata.a"
  )

list(APPEND _cmake_import_check_targets strata::strata_static )
list(APPEND _cmake_import_check_files_for_strata::strata_static "${_IMPORT_PREFIX}/lib/libstrata.a" )

# Import target "strata::strata_shared" for configuration "Release"
set_property(TARGET strata::strata_shared APPEND PROPERTY IMPORTED_CONFIGURATIONS RELEASE)
set_target_properties(strata::strata_shared PROPERTIES
  IMPORTED_LOCATION_RELEASE "${_IMPORT_PREFIX}/lib/libstrata.so.0.1.0"
  IMPORTED_SONAME_RELEASE "libstrata.so.0"
  )

list(APPEND _cmake_import_check_targets strata::strata_shared )
list(APPEND _cmake_import_check_files_for_strata::strata_shared "${_IMPORT_PREFIX}/lib/libstrata.so.0.1.0" )

# Commands beyond this point should not need to know the version.
set(CMAKE_IMPORT_FILE_VERSION)
