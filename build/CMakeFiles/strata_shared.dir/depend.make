# Empty dependencies file for strata_shared.
# This may be replaced when dependencies are built.
