"""InferMeta of the `random` op family (phi.kernels.funcs.random)."""

from __future__ import annotations

from phi.common import DataType, IntArray
from phi.core.meta_tensor import MetaTensor


def uniform_random_batch_size_like_infer_meta(input: MetaTensor, shape: list[int],
                                              input_dim_idx: int, output_dim_idx: int,
                                              dtype: DataType, out: MetaTensor) -> None:
    from phi.kernels.funcs.random import batch_size_like_dims

    out.set_dims(batch_size_like_dims("uniform_random_batch_size_like", shape, input.dims(),
                                      input_dim_idx, output_dim_idx))
    out.set_dtype(dtype)



def randint_infer_meta(low: int, high: int, shape: IntArray, dtype: DataType,
                       out: MetaTensor) -> None:
    from phi.kernels.funcs.full import check_shape
    from phi.kernels.funcs.random import check_randint_range

    check_randint_range(low, high)
    out.set_dims(check_shape(list(shape)))
    out.set_dtype(dtype)


def randperm_infer_meta(n: int, dtype: DataType, out: MetaTensor) -> None:
    from phi.kernels.funcs.random import randperm_dims

    out.set_dims(randperm_dims(n))
    out.set_dtype(dtype)


def multinomial_infer_meta(x: MetaTensor, num_samples: int, replacement: bool,
                           out: MetaTensor) -> None:
    from phi.kernels.funcs.random import multinomial_dims

    out.set_dims(multinomial_dims(tuple(x.dims()), num_samples))
    out.set_dtype(DataType.INT64)


def seed_infer_meta(out: MetaTensor) -> None:
    out.set_dims((1,))
    out.set_dtype(DataType.INT32)


def shuffle_batch_infer_meta(x: MetaTensor, seed: MetaTensor, startup_seed: int,
                             out: MetaTensor, shuffle_idx: MetaTensor,
                             seed_out: MetaTensor) -> None:
    from phi.kernels.funcs.random import shuffle_batch_idx_dims

    out.share_meta(x)
    shuffle_idx.set_dims(shuffle_batch_idx_dims(tuple(x.dims())))
    shuffle_idx.set_dtype(DataType.INT64)
    seed_out.set_dims((1,))
    seed_out.set_dtype(DataType.INT64)


def binomial_infer_meta(count: MetaTensor, prob: MetaTensor, out: MetaTensor) -> None:
    from phi.kernels.funcs.random import binomial_dims

    out.set_dims(binomial_dims(tuple(count.dims()), tuple(prob.dims())))
    out.set_dtype(DataType.INT64)


def rrelu_infer_meta(x: MetaTensor, lower: float, upper: float, is_test: bool,
                     out: MetaTensor, noise: MetaTensor) -> None:
    for meta in (out, noise):
        if meta:
            meta.share_meta(x)
