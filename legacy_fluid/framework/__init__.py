"""Core of the legacy framework (Paddle's paddle/fluid/framework, in Python)."""
