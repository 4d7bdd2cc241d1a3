"""InferMeta for kernels with nullary tensor inputs."""

from __future__ import annotations

