"""Per-op argument mappings (`<op>_sig.py`), imported on first use."""
