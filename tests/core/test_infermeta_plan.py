"""InferMetaPlan: an InferMeta bound once to a kernel's argument lists."""

from __future__ import annotations

import numpy as np
import pytest

from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.infermeta_utils import InferMetaBinding, InferMetaPlan
from phi.core.kernel_args import OutTensor, derive_args_def
from phi.core.kernel_context import KernelContext
from phi.core.meta_tensor import MetaConfig, MetaTensor


def kernel(dev_ctx: DeviceContext, x: DenseTensor, bias: DenseTensor | None, scale: float,
           axis: int, out: OutTensor) -> None:
    """Only its signature matters here."""


def test_binds_by_name_wraps_tensors_and_passes_config() -> None:
    seen: dict[str, object] = {}

    def infer(x: MetaTensor, bias: MetaTensor, axis: int, out: MetaTensor,
              config: MetaConfig | None = None) -> None:
        seen.update(x=x.dims(), bias=bool(bias), axis=axis, config=config)
        out.set_dims(x.dims())
        out.set_dtype(x.dtype())

    plan = InferMetaPlan(infer, derive_args_def(kernel))
    out = DenseTensor()
    config = MetaConfig(is_runtime=True)
    plan(KernelContext(None, [DenseTensor(np.zeros((2, 3), np.float32)), None], [2.0, 1], [out]),
         config)
    assert seen == {"x": (2, 3), "bias": False, "axis": 1, "config": config}
    assert out.dims == (2, 3)


def test_a_parameter_the_kernel_lacks_is_named() -> None:
    def infer(x: MetaTensor, keepdim: bool, out: MetaTensor) -> None:
        pass

    with pytest.raises(TypeError, match="needs argument 'keepdim'"):
        InferMetaPlan(infer, derive_args_def(kernel))


def test_yaml_param_binds_positionally_then_the_outputs() -> None:
    seen: list[object] = []

    def unchanged(x: MetaTensor, out: MetaTensor) -> None:
        seen.append((x.dims(), out))
        out.share_meta(x)

    binding = InferMetaBinding(unchanged, ("x",), ("out",))
    plan = InferMetaPlan(binding, derive_args_def(kernel))
    out = DenseTensor()
    plan(KernelContext(None, [DenseTensor(np.zeros((4,), np.float64)), None], [1.0, 0], [out]))
    assert seen[0][0] == (4,) and out.dims == (4,) and out.dtype.name == "FLOAT64"
    assert binding.qualname.endswith("unchanged[x, out]")
    with pytest.raises(TypeError, match="needs argument 'y'"):
        InferMetaPlan(InferMetaBinding(unchanged, ("y",), ("out",)), derive_args_def(kernel))
