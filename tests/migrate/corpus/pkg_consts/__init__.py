"""Team K: class constants read inside f-strings and element functions bound as
`staticmethod(lambda ...)`."""
