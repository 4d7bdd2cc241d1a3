"""Team Q: kernels over abstract bases (`abc.ABC`, `metaclass=abc.ABCMeta`) whose
subclasses supply the one step that differs."""
