"""PHI kernels.

``kernels/impl`` holds the bodies, written once for every array module (NumPy,
CuPy) and registered with one ``register_kernel`` decorator per backend;
``kernels/funcs`` holds the math they share with the legacy kernels. The kernel
registry (`phi.core.kernel_factory.KERNELS`) imports every module below this
package on first use, which registers them. An op's arguments, outputs and
InferMeta are declared in phi/ops.yaml (checked against the kernels by a test).
"""
