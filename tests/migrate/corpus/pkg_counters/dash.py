"""A dashboard reading the class counter of `ServedBase` kernels."""


def served(kernel_class):
    return kernel_class.served
