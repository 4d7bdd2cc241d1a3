"""Team P: binary kernels built on a template base whose compute() holds its output
buffer in a local `out`, subclasses checking their inputs before `super().compute(ctx)`."""
