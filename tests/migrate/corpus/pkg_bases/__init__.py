"""Team H: kernels and makers built on bases of another module of the package
(`shared.py`): template kernels, a mixin, makers extending a maker, the framework's names
re-exported by `shared.py`. This file imports nothing, so each module imports alone."""
