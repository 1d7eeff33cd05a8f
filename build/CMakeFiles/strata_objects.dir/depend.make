# Empty dependencies file for strata_objects.
# This may be replaced when dependencies are built.
