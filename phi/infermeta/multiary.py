"""InferMeta for kernels with multiary tensor inputs."""

from __future__ import annotations

