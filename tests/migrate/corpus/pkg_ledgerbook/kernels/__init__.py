"""Kernels booked into the team's book."""
