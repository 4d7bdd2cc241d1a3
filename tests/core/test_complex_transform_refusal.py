"""A data transform never casts a complex input to a non-complex dtype (it would drop the
imaginary part, a silently wrong answer at exit 0): `OperatorBase.transfers`, where the
executor, the dual dispatch and plans all decide their transforms, refuses it with a
ComplexToRealError naming the op, the input slot, the variable and both dtypes; the
generated API (`phi.api`) refuses it the same way. A real input cast to a complex kernel
type (elementwise ops' promotion, complex_grad's real cotangent) still runs.

The sweep feeds a complex64 tensor to every input slot of every registered op with a
kernel, against the legacy kernel type (float32) and every CPU key of the op's PHI kernel
(its arg defs' dtypes as the dual dispatch uses them), and checks no planned transfer is
a complex-to-real cast."""

from __future__ import annotations

from functools import cache

import numpy as np
import pytest

from compat.arg_mapping import get_kernel_signature
from compat.dual_dispatch import PathMode, PhiKernelRun
from compat.static import Executor
from legacy_fluid.framework.execution_context import RuntimeContext
from legacy_fluid.framework.op_kernel_type import OpKernelType
from legacy_fluid.framework.op_registry import OP_INFOS, create_op
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.program_desc import OpDesc, ProgramDesc
from legacy_fluid.framework.scope import Scope
from legacy_fluid.framework.trace import DispatchPath
from phi import api
from phi.common import Backend, CPUPlace, DataType
from phi.core.dense_tensor import DenseTensor
from phi.core.errors import ComplexToRealError, refuse_complex_to_real
from phi.core.kernel_factory import KERNELS, Kernel
from tests.compat.signature_cases import contexts

RUNS = [(PathMode.LEGACY, False), (PathMode.PHI, False), (PathMode.PHI, True),
        (PathMode.AUTO, True)]


def _forms(op_type: str) -> list[tuple[str, DataType, Kernel | None, object]]:
    """(form, kernel dtype, PHI kernel or None, signature) the op can run with on the CPU."""
    proto = OP_INFOS.info(op_type).proto
    forms: list[tuple[str, DataType, Kernel | None, object]] = [
        ("legacy", DataType.FLOAT32, None, None)]
    try:
        sig = get_kernel_signature(proto, contexts(proto)["all"])
    except Exception:  # a mapping that refuses the all-slots context: legacy form only
        return forms
    if sig is None or not KERNELS.has_kernel(sig.name):
        return forms
    for key, kernel in KERNELS.kernels_of(sig.name).items():
        if key.backend is Backend.CPU:
            forms.append(("phi", key.dtype, kernel, sig))
    return forms


@cache
def _sweep() -> tuple[frozenset[tuple[str, str, str]], tuple[str, ...]]:
    """Every registered op with a kernel, every input slot fed complex64 (the others
    float32), every form: the (op, slot, form) refused, and every problem found (a planned
    complex-to-real transfer, a refusal whose message misses a name)."""
    refused: set[tuple[str, str, str]] = set()
    problems: list[str] = []
    for op_type in OP_INFOS.op_types():
        info = OP_INFOS.info(op_type)
        if not issubclass(info.op_class, OperatorWithKernel):
            continue
        slots = [v.name for v in info.proto.inputs]
        names = {slot: [f"{slot.lower()}_var"] for slot in slots}
        op = create_op(OpDesc(op_type, names, {}, {}))
        for slot in slots:
            scope = Scope()
            for s in slots:
                dtype = np.complex64 if s == slot else np.float32
                scope.var(names[s][0]).value = DenseTensor(np.ones(2, dtype))
            for form, dtype, kernel, sig in _forms(op_type):
                expected = OpKernelType(dtype, CPUPlace())
                targets = None if kernel is None else PhiKernelRun(
                    expected, DispatchPath.PHI, CPUPlace(), kernel, sig, None).input_targets
                try:
                    found = op.transfers(RuntimeContext.build(op, scope), expected, targets)
                except ComplexToRealError as err:
                    refused.add((op_type, slot, form))
                    text = str(err)
                    for part in (f"op '{op_type}'", f"input '{slot}'", names[slot][0],
                                 "complex64", "imaginary part"):
                        if part not in text:
                            problems.append(f"{op_type}.{slot} ({form}): {part!r} not in "
                                            f"{text!r}")
                    continue
                for t in found:
                    want = t.target.data_type
                    if t.source.value.dtype.is_complex and not want.is_complex \
                            and want is not DataType.UNDEFINED:
                        problems.append(f"{op_type}.{t.slot} ({form}, {dtype}): complex64 "
                                        f"cast to {want}")
    return frozenset(refused), tuple(problems)


def test_no_op_casts_a_complex_input_to_a_real_dtype() -> None:
    refused, problems = _sweep()
    assert not problems, "\n".join(problems)
    # the PHI kernels whose arg defs read a complex op's cotangent in its real type
    for op_type in ("abs_grad", "angle_grad", "real_grad", "imag_grad"):
        assert (op_type, "Out@GRAD", "phi") in refused


def test_every_fixed_real_arg_dtype_is_refused_or_read_as_it_is() -> None:
    """A generated list: each PHI kernel arg whose registered dtype is a fixed non-complex
    one other than its key's. A complex tensor there is refused, or the op reads the slot
    as it is (its get_kernel_type_for_var says None: no transform at all)."""
    refused, _ = _sweep()
    checked = 0
    for op_type in OP_INFOS.op_types():
        info = OP_INFOS.info(op_type)
        if not issubclass(info.op_class, OperatorWithKernel):
            continue
        for form, dtype, kernel, sig in _forms(op_type):
            if kernel is None:
                continue
            for slot, arg in zip(sig.inputs, kernel.args_def.inputs):
                if arg.dtype in (DataType.UNDEFINED, dtype) or arg.dtype.is_complex \
                        or arg.backend is Backend.ALL_BACKEND:
                    continue
                checked += 1
                op = create_op(OpDesc(op_type, {slot: ["v"]}, {}, {}))
                as_is = op.get_kernel_type_for_var(
                    slot, DenseTensor(np.ones(2, np.complex64)),
                    OpKernelType(dtype, CPUPlace())) is None
                assert as_is or (op_type, slot, form) in refused, (op_type, slot, dtype)
    assert checked >= 8


def _nanmedian_grad_program() -> ProgramDesc:
    program = ProgramDesc()
    block = program.global_block()
    block.var("x", dtype=DataType.FLOAT32, shape=[3, 4])
    block.var("idx", dtype=DataType.COMPLEX64, shape=[3, 1, 2])
    block.var("cot", dtype=DataType.FLOAT32, shape=[3, 1])
    block.var("x@GRAD", dtype=DataType.FLOAT32, shape=[3, 4])
    block.append_op("nanmedian_grad", {"X": ["x"], "MedianIndex": ["idx"],
                                       "Out@GRAD": ["cot"]},
                    {"X@GRAD": ["x@GRAD"]}, {"axis": [1]})
    return program


@pytest.mark.parametrize(("path", "planned"), RUNS[1:])
def test_a_complex_index_is_refused_on_every_phi_path(path: PathMode, planned: bool) -> None:
    """nanmedian's PHI grad kernel reads MedianIndex as int64: a complex one is refused,
    naming the op, the slot, the variable and both dtypes, executor and plan alike."""
    feeds = {"x": np.arange(12, dtype=np.float32).reshape(3, 4),
             "idx": np.array([[[1, 2]], [[0, 0]], [[1, 1]]], np.complex64) + 1j,
             "cot": np.ones((3, 1), np.float32)}
    with pytest.raises(Exception, match=r"ComplexToRealError: op 'nanmedian_grad': input "
                       r"'MedianIndex' \(variable 'idx'\) is complex64, but the kernel reads "
                       r"it in int64"):
        Executor(path=path, planned=planned).run(_nanmedian_grad_program(), feed=feeds,
                                                 fetch_list=["x@GRAD"], scope=Scope())


@pytest.mark.parametrize(("path", "planned"), RUNS)
def test_a_real_input_is_still_cast_to_a_complex_kernel_type(path: PathMode,
                                                             planned: bool) -> None:
    """elementwise_add of a float32 X and a complex64 Y runs in complex64 (X cast)."""
    program = ProgramDesc()
    block = program.global_block()
    block.var("x", dtype=DataType.FLOAT32, shape=[3])
    block.var("y", dtype=DataType.COMPLEX64, shape=[3])
    block.var("out", dtype=DataType.COMPLEX64, shape=[3])
    block.append_op("elementwise_add", {"X": ["x"], "Y": ["y"]}, {"Out": ["out"]},
                    {"axis": -1})
    x = np.array([1.0, 2.0, 3.0], np.float32)
    y = np.array([1j, 2 - 1j, 0.5], np.complex64)
    got = Executor(path=path, planned=planned).run(program, feed={"x": x, "y": y},
                                                   fetch_list=["out"], scope=Scope())[0]
    assert got.dtype == np.complex64
    np.testing.assert_array_equal(got, x + y)


def test_the_generated_api_refuses_a_complex_index_too() -> None:
    grad = api.functions()["nanmedian_grad"]
    x = api.Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    idx = api.Tensor(np.ones((3, 1, 2), np.complex64))
    with pytest.raises(ComplexToRealError, match=r"input 'medians' is complex64, but "
                       r"the kernel reads it in int64"):
        grad(x, idx, api.Tensor(np.ones((3, 1), np.float32)), [1], False, "avg")


@pytest.mark.parametrize(("src", "dst", "refused"), [
    (DataType.COMPLEX64, DataType.FLOAT32, True),
    (DataType.COMPLEX128, DataType.INT64, True),
    (DataType.COMPLEX64, DataType.BOOL, True),
    (DataType.COMPLEX64, DataType.COMPLEX128, False),  # Paddle 3.3.1 promotes so too
    (DataType.COMPLEX64, DataType.UNDEFINED, False),  # read as it is
    (DataType.FLOAT32, DataType.COMPLEX64, False),
    (DataType.FLOAT64, DataType.FLOAT32, False),
])
def test_which_casts_are_refused(src: DataType, dst: DataType, refused: bool) -> None:
    if refused:
        with pytest.raises(ComplexToRealError, match=f"'v' is {src}, but the kernel reads it "
                           f"in {dst}"):
            refuse_complex_to_real("input 'v'", src, dst)
    else:
        refuse_complex_to_real("input 'v'", src, dst)
