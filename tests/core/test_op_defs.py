"""The typed op model: strict parsing of ops.yaml, one writer, and no drift from the kernels."""

from __future__ import annotations

import re

import pytest
import yaml

from phi.common import AttributeType, DataType
from phi.core.kernel_args import ArgKind
from phi.core.kernel_factory import KERNELS
from phi.op_defs import (
    BACKWARD_YAML,
    NO_DEFAULT,
    OPS_YAML,
    ArgType,
    OpDef,
    OpDefError,
    backward_defs,
    op_defs,
    parse_op,
    render_op,
)

SCALE = {"op": "scale", "args": "(Tensor x, Scalar scale=1.0, float bias=0.0)",
         "output": "Tensor(out)", "infer_meta": {"func": "unchanged_infer_meta", "param": ["x"]},
         "kernel": {"func": "scale"}}


def test_an_entry_parses_into_typed_fields() -> None:
    op = parse_op({**SCALE, "args": '(Tensor x, Tensor[] ys, int[] axes={1, -2}, '
                                    'str fmt="N,C", DataType dtype=DataType::FLOAT32, '
                                    'bool flag=true, float eps=1e-05, int k)',
                   "output": "Tensor(out), Tensor[](outs)", "optional": "ys, outs"})
    assert [(a.name, a.type) for a in op.inputs] == [("x", ArgType.TENSOR),
                                                     ("ys", ArgType.TENSORS)]
    assert [a.default for a in op.attrs] == [(1, -2), "N,C", DataType.FLOAT32, True, 1e-05,
                                             NO_DEFAULT]
    assert op.optional == ("ys", "outs")
    assert op.attrs[0].type.attribute_type is AttributeType.INTS
    assert [o.is_list for o in op.outputs] == [False, True]


@pytest.mark.parametrize(("change", "message"), [
    ({"args": "(Tensor x, floot y)"}, "unknown type 'floot'"),
    ({"args": "Tensor x"}, "parentheses"),
    ({"args": "(Tensor x, int)"}, "is not `TYPE NAME"),
    ({"args": "(Tensor x, int k=maybe)"}, "'maybe' is not a literal"),
    ({"args": "(Tensor x=1)"}, "a tensor takes no default"),
    ({"output": "Tensor out"}, "is not `Tensor(name)`"),
    ({"optional": "nope"}, "optional names ['nope']"),
    ({"kernel": {"func": "scale", "backend": "x"}}, "unknown key(s) backend in kernel"),
    ({"infer_meta": {"func": "f", "param": ["z"]}}, "param ['z'] names no argument"),
    ({"kernel": {"func": "scale", "data_type": "complex(z)"}},
     "kernel data_type 'complex(z)' names no argument"),
    ({"view": "(x -> out)"}, "unknown key(s) view in the entry"),
    ({"inplace": "(x -> nope)"}, "inplace (x -> nope) does not join an input to an output"),
    ({"args": "(Tensor x, int x)"}, "used twice"),
])
def test_malformed_entries_name_file_op_and_text(change: dict, message: str) -> None:
    with pytest.raises(OpDefError) as info:
        parse_op({**SCALE, **change}, "my_ops.yaml")
    assert str(info.value).startswith("my_ops.yaml: op 'scale': ")
    assert message in str(info.value)


def test_kernel_data_type_may_name_an_arguments_complex_type() -> None:
    """real_grad runs in the complex type of its real out_grad: `complex(out_grad)`."""
    plain = parse_op({**SCALE, "kernel": {"func": "scale", "data_type": "x"}}).kernel
    assert (plain.data_type_arg, plain.complex_data_type) == ("x", False)
    wrapped = parse_op({**SCALE, "kernel": {"func": "scale", "data_type": "complex(x)"}}).kernel
    assert (wrapped.data_type_arg, wrapped.complex_data_type) == ("x", True)
    assert DataType.FLOAT64.to_complex is DataType.COMPLEX128
    with pytest.raises(TypeError, match="int32 has no complex type"):
        _ = DataType.INT32.to_complex


def test_a_missing_key_and_a_non_mapping_are_rejected() -> None:
    with pytest.raises(OpDefError, match="missing `kernel`"):
        parse_op({k: v for k, v in SCALE.items() if k != "kernel"})
    with pytest.raises(OpDefError, match="must be a mapping"):
        parse_op(["scale"])


def test_every_committed_entry_is_what_the_one_writer_writes() -> None:
    for path, defs in ((OPS_YAML, op_defs()), (BACKWARD_YAML, backward_defs())):
        text = path.read_text(encoding="utf-8")
        for op in defs:
            rendered = render_op(op)
            assert rendered in text, f"{path.name} entry '{op.name}' is not in the writer's form"
            assert parse_op(yaml.safe_load(rendered)[0], op.file) == op


def _kernel_view(kernel) -> tuple:
    a = kernel.args_def
    return ([(x.name, ArgType.TENSORS if x.kind.is_list else ArgType.TENSOR,
              x.kind.is_optional) for x in a.inputs],
            [(x.name, x.type) for x in a.attributes],
            [(x.name, x.kind is ArgKind.OUTPUT_LIST, x.kind.is_optional) for x in a.outputs])


def _op_view(op: OpDef) -> tuple:
    return ([(a.name, a.type, a.optional) for a in op.inputs],
            [(a.name, a.type.attribute_type) for a in op.attrs],
            [(o.name, o.is_list, o.optional) for o in op.outputs])


def test_every_op_def_matches_its_registered_kernels() -> None:
    """Names, order, types, optionality, and the defaults a kernel function states."""
    drift = []
    declared = set()
    for op in (*op_defs(), *backward_defs()):
        for name in op.kernel.func:
            declared.add(name)
            kernels = KERNELS.kernels_of(name)
            if not kernels:
                drift.append(f"{op.name}: kernel '{name}' is not registered")
            for key, kernel in kernels.items():
                if _kernel_view(kernel) != _op_view(op):
                    drift.append(f"{op.name}: {name} {key}: kernel {_kernel_view(kernel)} "
                                 f"vs ops.yaml {_op_view(op)}")
                    break
                for arg, attr in zip(op.attrs, kernel.args_def.attributes):
                    if attr.has_default and attr.default != arg.default:
                        drift.append(f"{op.name}: {name}.{attr.name} defaults to "
                                     f"{attr.default!r}, ops.yaml says {arg.default!r}")
    library = {k.name for k in KERNELS if k.fn.__module__.startswith("phi.")}
    drift += [f"PHI kernel '{n}' has no ops.yaml / backward.yaml entry"
              for n in sorted(library - declared)]
    assert not drift, "\n".join(drift)


def test_the_drift_check_sees_a_changed_type() -> None:
    op = next(o for o in op_defs() if o.name == "scale")
    kernel = next(iter(KERNELS.kernels_of("scale").values()))
    assert _op_view(op) == _kernel_view(kernel)
    changed = parse_op({**SCALE, "args": "(Tensor x, Scalar scale=1.0, int bias=0, "
                                         "bool bias_after_scale=true)"})
    assert _op_view(changed) != _kernel_view(kernel)


BACK = {"backward_op": "relu_grad", "forward": "relu (Tensor x) -> Tensor(out)",
        "args": "(Tensor out, Tensor out_grad)", "output": "Tensor(x_grad)",
        "kernel": {"func": "relu_grad"}}


def test_a_backward_op_parses_with_its_forward() -> None:
    back = parse_op({**BACK, "no_need_buffer": "out", "inplace": "(out_grad -> x_grad)"},
                    "backward.yaml")
    assert back.is_backward and back.forward.op == "relu"
    assert [a.name for a in back.forward.args] == ["x"] and back.forward.outputs[0].name == "out"
    assert back.no_need_buffer == ("out",) and back.inplace == (("out_grad", "x_grad"),)
    assert parse_op(yaml.safe_load(render_op(back))[0], "backward.yaml") == back


@pytest.mark.parametrize(("change", "message"), [
    ({"forward": "relu Tensor x"}, "is not `OP (ARGS) -> OUTPUTS`"),
    ({"no_need_buffer": "y"}, "no_need_buffer ['y'] names no tensor input"),
    ({"forward": None}, "missing `forward`"),
])
def test_malformed_backward_entries(change: dict, message: str) -> None:
    entry = {k: v for k, v in {**BACK, **change}.items() if v is not None}
    with pytest.raises(OpDefError, match=re.escape(message)):
        parse_op(entry, "backward.yaml")


def test_forward_and_backward_must_name_each_other() -> None:
    from phi.op_defs import check_links

    relu = parse_op({"op": "relu", "args": "(Tensor x)", "output": "Tensor(out)",
                     "kernel": {"func": "relu"}, "backward": "relu_grad"})
    back = parse_op(BACK, "backward.yaml")
    check_links((relu,), (back,))
    silent = parse_op({"op": "relu", "args": "(Tensor x)", "output": "Tensor(out)",
                       "kernel": {"func": "relu"}})
    with pytest.raises(OpDefError, match="does not name it with `backward :`"):
        check_links((silent,), (back,))
    wrong = parse_op({**BACK, "forward": "relu (Tensor y) -> Tensor(out)"}, "backward.yaml")
    with pytest.raises(OpDefError, match="restates relu's arguments or outputs wrongly"):
        check_links((relu,), (wrong,))
    with pytest.raises(OpDefError, match="is not a backward_op"):
        check_links((parse_op({"op": "relu", "args": "(Tensor x)", "output": "Tensor(out)",
                               "kernel": {"func": "relu"}, "backward": "nope"}),), ())

