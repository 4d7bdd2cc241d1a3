"""`fluidphi migrate`: turn legacy fluid `OpKernel` classes into PHI functional kernels.

Pieces: `static` reads a module without importing it (protos, registrations,
constants); `kernel` rewrites one kernel class into a function; `infermeta`
turns simple `infer_shape` methods into InferMeta functions; `emit` writes the
registration, argument mapping and ops.yaml text; `codemod` assembles a module;
`runner` drives files (diff, --write, --check, --jobs); `verify` imports the
written result and runs it against the legacy module (`verify_gate` holds back
what it flags); `dogfood` compares the output with fluidphi's committed PHI kernels.
See docs/migrate.md.
"""

# every module read statically has its re-exported framework names followed
from migrate import reexports as _reexports  # noqa: F401
