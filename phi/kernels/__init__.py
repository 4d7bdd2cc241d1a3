"""PHI kernels.

Layout: ``kernels/<op>_kernel.py`` declares one op's kernel (signature and
docs, re-exporting the body); ``kernels/impl`` holds bodies written once for
every array module (NumPy, CuPy), registered with one decorator per backend;
``kernels/cpu`` and ``kernels/gpu`` hold device-specific bodies;
``kernels/funcs`` holds math shared with the legacy kernels. Importing this
package imports every ``impl``/``cpu``/``gpu`` module, which registers them.
"""

import importlib
import pkgutil

from phi.kernels import cpu, gpu, impl

for _pkg in (impl, cpu, gpu):
    for _mod in sorted(pkgutil.iter_modules(_pkg.__path__), key=lambda m: m.name):
        importlib.import_module(f"{_pkg.__name__}.{_mod.name}")
