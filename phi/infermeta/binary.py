"""InferMeta for kernels with binary tensor inputs."""

from __future__ import annotations

