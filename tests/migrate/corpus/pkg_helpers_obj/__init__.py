"""Team H: kernels computing through a helper object they hold (a plain class of the tree)."""
