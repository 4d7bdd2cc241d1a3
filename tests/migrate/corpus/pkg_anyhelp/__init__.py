"""Team Q: a ctx helper annotated with `typing.Any`, lifted into an op module whose maker a
`type()` factory builds (its own signature annotated with `Any` too); the op module never
binds `Any` itself."""
