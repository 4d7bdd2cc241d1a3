"""Team L: every registration goes through `ledger.py`, which also books it."""
