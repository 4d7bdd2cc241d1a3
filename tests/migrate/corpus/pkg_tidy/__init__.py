"""Team T: registration loops whose variables a module-level `del` cleans out of the
module's namespace afterwards (`del t`, `del _op, _kernel`, `del _dt, _SPARE`), and the
negative twins: a loop variable a statement reads before the `del`, one another statement
binds too."""
