# kernels.cmake — per-file compile flags of the kernels; included by CMakeLists.txt after the
# library targets are defined.

# The elementwise loops call expf, tanhf, powf, ... Without errno to set, those calls have no
# side effects, so GCC vectorizes them through glibc's libmvec (_ZGVdN8v_expf, ...: see the
# declarations in elementwise.h). Unlike -ffast-math this keeps IEEE semantics: NaN and inf
# inputs, signed zeros and the order of every operation are unchanged.
# These two files stay out of link-time optimization (-fno-lto after the LTO set's -flto): GCC
# vectorizes at the link then, under the link's default -fmath-errno, so exp, log, sin, cos,
# expm1 and log1p (which may set errno) went back to one libm call per element in the shared
# library, 5-10x slower. Their loops are reached through the op records' function pointers, so
# LTO had nothing to inline across them.
# tanhf.c defines st__tanhf's vector variants by hand (they forward to libmvec's tanhf): out of
# LTO too, where the SIMD declaration the loops see could make GCC clone it a second set.
set_source_files_properties(
  ${PROJECT_SOURCE_DIR}/src/kernels/unary.c
  ${PROJECT_SOURCE_DIR}/src/kernels/binary.c
  ${PROJECT_SOURCE_DIR}/src/kernels/tanhf.c
  PROPERTIES COMPILE_OPTIONS "-fno-math-errno;-fno-lto")
