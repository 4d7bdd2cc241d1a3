"""Team S: the clamps other modules compose."""
