"""Switches read once, when the package is imported."""

import os

#: GPU kernels also register for FLOAT16 while the variable is set
GPU_HALF = os.environ.get("PKGPLUG_GPU_HALF") is not None
