"""Team Q: kernels whose compute writes no output it can name, beside kernels that do."""
