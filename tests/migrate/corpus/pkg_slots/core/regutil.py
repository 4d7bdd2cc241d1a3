from legacy_fluid.framework.op_kernel import register_op_kernel


def register_many(op, kernel, dtypes, devices=("CPU",)):
    for dev in devices:
        for t in dtypes:
            register_op_kernel(op, dev, kernel, t)
