"""Team F: kernels registered by decorator factories computing their dtype lists first,
helpers called through an aliased module, loops over inline dict literals, and `continue`
under a constant test of a loop variable."""
