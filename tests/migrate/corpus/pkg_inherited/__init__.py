"""Team I: a v2 op whose kernel inherits its compute from the v1 kernel of a legacy
module."""
