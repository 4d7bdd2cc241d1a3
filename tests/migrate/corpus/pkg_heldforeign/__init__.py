"""Team H: a composite kernel holding a kernel of a sibling module and calling its helpers."""
