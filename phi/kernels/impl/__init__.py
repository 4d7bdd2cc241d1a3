"""Kernel bodies shared by every backend: they compute with `dev_ctx.xp`."""
