file(REMOVE_RECURSE
  "libstrata.a"
)
