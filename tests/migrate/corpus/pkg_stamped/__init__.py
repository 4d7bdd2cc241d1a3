"""Team S: kernels registered by a class decorator that also stores the op type on the
class (`cls.OP_TYPE = op_type`), read by nothing the kernel runs, by another module naming
the class, or (the negative twins) by the kernel itself; a decorator wrapping a method; a
subclass of a class so decorated."""
