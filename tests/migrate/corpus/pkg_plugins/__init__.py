"""Team P: plug-in modules export `MANIFEST` lists of records that `load_plugins()` installs;
the kernels of `booked` book themselves through their base, and `publish_book()` registers
what was booked. GPU kernels also take FLOAT16 while PKGPLUG_GPU_HALF is set."""

from . import booked  # noqa: F401
from ._book import publish_book
from ._loader import load_plugins

load_plugins()
publish_book()
