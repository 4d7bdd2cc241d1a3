"""Finite-difference cases per grad family: each module's GRAD_CASES (and, where
needed, FLOAT32_FD, NOT_DERIVATIVES, IN_PLACE_UPDATES); tests/api/test_grad_fd.py
joins them, and `fluidphi coverage` reads their keys as text (compat/coverage/grads.py)."""
