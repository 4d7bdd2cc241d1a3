"""The v1 ops, kept for old programs."""
