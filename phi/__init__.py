"""PHI: the functional kernel library (bottom layer; imports nothing of the others)."""
