"""Team P: op modules that form one package (relative imports, siblings reusing each
other's kernels and helpers, `__all__`, a helper module). Importing a module of it
registers its ops; this file imports nothing, so each module can be imported alone."""
