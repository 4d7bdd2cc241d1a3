"""lookup_table(w: [rows, width], ids: int64 [..., 1], is_sparse, is_distributed,
padding_idx: int, remote_prefetch, entry_config, is_test, entry, table_class, table_names,
trainer_id, grad_inplace, epmap, height_sections) -> out.

out has ids' dims without the trailing 1, followed by `width`; only
padding_idx affects a dense lookup, the other attributes are accepted as the
v1 op carries them.
"""

from phi.kernels.impl.lookup_table_kernel_impl import lookup_table_kernel

__all__ = ["lookup_table_kernel"]
