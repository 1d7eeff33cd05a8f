# Empty dependencies file for tour.
# This may be replaced when dependencies are built.
