"""Team T: kernels whose shared ctx helpers trace what they allocate under a module switch
(`if _TRACE: print(f"[team] {ctx.op_type}: ...")`), lifted into the op modules."""
