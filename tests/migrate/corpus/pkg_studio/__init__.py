"""Team S: an op package with sub-packages (`common/`, `nn/`, `math/`), star imports of the
shared helpers (`from ..common import *`), kernels composing kernels of a sibling module
and of a sibling sub-package, a base kernel in a helper module. Importing a module
registers its ops; this file imports nothing."""
