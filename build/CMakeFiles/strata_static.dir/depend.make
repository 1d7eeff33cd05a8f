# Empty dependencies file for strata_static.
# This may be replaced when dependencies are built.
