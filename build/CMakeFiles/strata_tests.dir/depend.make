# Empty dependencies file for strata_tests.
# This may be replaced when dependencies are built.
