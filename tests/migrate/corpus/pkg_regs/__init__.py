"""Team R: kernels registered through a shared helper function, loops over literal tables
with a constant `if` inside, f-string op names, and kernel classes found by a computed
name. This file imports nothing, so each module can be imported alone."""
