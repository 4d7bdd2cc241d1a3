"""Legacy -> PHI kernel names of the linalg family where only the name differs (the default
argument mapping fits): fluid's `slogdeterminant` op runs PHI `slogdet`."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("slogdeterminant", "slogdet")
