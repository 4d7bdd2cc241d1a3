"""Modules whose namespace is changed dynamically (`globals().update(...)`,
`globals()[...] = ...`, `setattr(sys.modules[__name__], ...)`, another module's
`setattr(consts, ...)`, `consts.__dict__.update(...)`, `c.NAME = ...`), and twins that only
read their namespace."""
