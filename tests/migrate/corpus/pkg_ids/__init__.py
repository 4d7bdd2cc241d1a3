"""Index-like ops whose kernels check their integer ids against an int attribute: verify's
derived random ints (in [-5, 6)) fail the check, its small non-negative fallbacks pass it;
the twin raises on every input (left as today: failed, unable to run it)."""
