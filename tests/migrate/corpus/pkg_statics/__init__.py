"""Team S: kernels calling static and class methods through a kernel class's name
(`HypotKernel._hypot(ctx.xp, ...)`), their own, a base's or a sibling kernel's."""
