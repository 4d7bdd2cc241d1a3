"""Team T: kernels registered by loops over module-level literal tables, op names held in
loop locals, and kernels composing kernel instances stored by `__init__`."""
