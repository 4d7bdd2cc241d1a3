"""Team S: ops registered from tables of spec objects (a frozen dataclass, a NamedTuple, a
plain class storing its arguments), each spec registering its operator and kernels."""
