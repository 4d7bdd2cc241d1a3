"""Team F's shared dtype lists, operator and registration helpers."""
