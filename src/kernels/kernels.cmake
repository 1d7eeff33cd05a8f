# kernels.cmake — per-file compile flags of the kernels; included by CMakeLists.txt after the
# library targets are defined.

# The elementwise loops call expf, tanhf, powf, ... Without errno to set, those calls have no
# side effects, so GCC vectorizes them through glibc's libmvec (_ZGVdN8v_expf, ...: see the
# declarations in elementwise.h). Unlike -ffast-math this keeps IEEE semantics: NaN and inf
# inputs, signed zeros and the order of every operation are unchanged.
set_source_files_properties(
  ${PROJECT_SOURCE_DIR}/src/kernels/unary.c
  ${PROJECT_SOURCE_DIR}/src/kernels/binary.c
  PROPERTIES COMPILE_OPTIONS "-fno-math-errno")
