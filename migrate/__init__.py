"""`fluidphi migrate`: turn legacy fluid `OpKernel` classes into PHI functional kernels.

Pieces: `static` reads a module without importing it (protos, registrations,
constants); `kernel` rewrites one kernel class into a function; `infermeta`
turns simple `infer_shape` methods into InferMeta functions; `emit` writes the
registration, argument mapping and ops.yaml text; `codemod` assembles a module;
`runner` drives files (diff, --write, --jobs); `verify` runs both forms;
`dogfood` compares the output with fluidphi's committed PHI kernels.
See docs/migrate.md.
"""
