"""Team G: kernels built from a template base and a cooperative guard mixin, the
template's locals named like the slots they fill."""
