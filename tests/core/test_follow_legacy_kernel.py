"""`follow_legacy_kernel`: a PHI kernel registered for exactly the keys a legacy class has,
whenever the class gets them (the codemod's fallback where another module's code registers
the class)."""

from __future__ import annotations

from legacy_fluid.framework.op_kernel import (
    OP_KERNELS,
    OpKernel,
    follow_legacy_kernel,
    register_op_kernel,
)
from legacy_fluid.framework.op_kernel_type import LibraryType
from phi.common import DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.device_context import DeviceContext
from phi.core.kernel_args import OutTensor
from phi.core.kernel_factory import KERNELS
from phi.core.registry import scoped


class _Followed(OpKernel):
    def compute(self, ctx: object) -> None: ...


class _Other(OpKernel):
    def compute(self, ctx: object) -> None: ...


def _phi(dev_ctx: DeviceContext, x: DenseTensor, out: OutTensor) -> None: ...


def _keys(name: str) -> set[tuple[str, str]]:
    return {(key.backend.name, key.dtype.name) for key in KERNELS.kernels_of(name)}


def _legacy(op: str, cls: type) -> set[tuple[str, str]]:
    return {("CPU" if k.place.is_cpu else "GPU", k.data_type.name)
            for k, c in OP_KERNELS.kernels_of(op).items() if c is cls}


def test_keys_before_and_after_the_follow_statement_are_followed() -> None:
    with scoped(KERNELS, OP_KERNELS):
        register_op_kernel("fw_op", "CPU", _Followed, DataType.FLOAT32)
        register_op_kernel("fw_op", "CPU", _Other, DataType.INT64)
        assert follow_legacy_kernel("fw_op", _phi, _Followed) is _phi
        assert _keys("fw_op") == {("CPU", "FLOAT32")}
        register_op_kernel("fw_op", "GPU", _Followed, DataType.FLOAT32, DataType.FLOAT64)
        register_op_kernel("fw_op", "GPU", _Other, DataType.INT64)  # another class: not
        register_op_kernel("fw_other", "CPU", _Followed, DataType.FLOAT32)  # another op: not
        assert _keys("fw_op") == _legacy("fw_op", _Followed) == {
            ("CPU", "FLOAT32"), ("GPU", "FLOAT32"), ("GPU", "FLOAT64")}
        assert not KERNELS.has_kernel("fw_other")
        # the class stays registered (the legacy path still finds it)
        assert OP_KERNELS.kernels_of("fw_op")  # and a second follow changes nothing
        follow_legacy_kernel("fw_op", _phi, _Followed)
        assert len(KERNELS.kernels_of("fw_op")) == 3


def test_a_phi_name_of_its_own_and_a_library_key() -> None:
    with scoped(KERNELS, OP_KERNELS):
        follow_legacy_kernel("fw_op2", _phi, _Followed, name="fw_base")
        register_op_kernel("fw_op2", "CPU", _Followed, DataType.FLOAT32)
        register_op_kernel("fw_op2", "CPU", _Followed, DataType.FLOAT64,
                           library=LibraryType.MKLDNN)
        assert _keys("fw_base") == {("CPU", "FLOAT32")} and not KERNELS.has_kernel("fw_op2")


def test_followers_are_scoped_with_the_legacy_table() -> None:
    with scoped(KERNELS, OP_KERNELS):
        follow_legacy_kernel("fw_op3", _phi, _Followed)
    with scoped(KERNELS, OP_KERNELS):
        register_op_kernel("fw_op3", "CPU", _Followed, DataType.FLOAT32)
        assert not KERNELS.has_kernel("fw_op3")
