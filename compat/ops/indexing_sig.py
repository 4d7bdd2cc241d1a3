"""Indexing family: fluid's where_index runs PHI's nonzero kernel; the other ops map by
default (their protos are the PHI kernels' arguments in order)."""

from compat.arg_mapping import register_base_kernel_name

register_base_kernel_name("where_index", "nonzero")
