"""Plain ops register no maker: their protos are derived from phi/ops.yaml (backward.yaml)
and phi/op_compat.yaml, with Paddle's names, types, defaults and extra attributes."""

from __future__ import annotations

import pytest

from compat.registration_index import ensure_all_registered
from legacy_fluid.framework.derived_proto import ProtoDerivationError, camel, derived_proto
from legacy_fluid.framework.op_proto import OpProtoAndCheckerMaker
from legacy_fluid.framework.op_registry import OP_INFOS, OpInfoMap, register_operator
from legacy_fluid.framework.operator import OperatorWithKernel
from legacy_fluid.framework.var_type import AttrType, VarType


@pytest.fixture(scope="module", autouse=True)
def _registered() -> None:
    ensure_all_registered()


def _plain() -> list[str]:
    ensure_all_registered()
    return sorted(t for t, info in OP_INFOS.items() if info.maker is None)


def test_tensor_names_read_in_camel_case() -> None:
    assert [camel(n) for n in ("x", "x_shape", "out", "out_grad", "scale_tensor")] == [
        "X", "XShape", "Out", "Out@GRAD", "ScaleTensor"]


def test_most_ops_are_plain() -> None:
    assert len(_plain()) >= 230


def test_a_plain_op_is_its_yaml_entry_read_the_legacy_way() -> None:
    where = OP_INFOS.info("where").proto
    assert [(v.name, v.dispensable) for v in where.inputs] == [
        ("Condition", False), ("X", False), ("Y", False)]
    assert [v.name for v in where.outputs] == ["Out"]
    assert all(a.generated for a in where.attrs)  # only what every op carries


def test_extra_attributes_come_from_op_compat_with_their_defaults() -> None:
    concat = OP_INFOS.info("concat")
    assert concat.maker is None
    extra = [(a.name, a.type, a.default) for a in concat.proto.attrs
             if a.extra and not a.generated]
    assert extra == [("use_mkldnn", AttrType.BOOLEAN, False),
                     ("use_quantizer", AttrType.BOOLEAN, False),
                     ("mkldnn_data_type", AttrType.STRING, "float32")]


def test_a_datatype_default_is_stored_as_its_vartype() -> None:
    dtype = derived_proto("cummax").attr("dtype")
    assert (dtype.type, dtype.default) == (AttrType.INT, int(VarType.INT64))


def test_a_grad_op_attribute_takes_its_forward_default() -> None:
    strides = derived_proto("conv2d_grad").attr("strides")
    assert strides is not None and strides.default == [1, 1]


def test_an_op_without_yaml_entry_needs_a_maker(monkeypatch: pytest.MonkeyPatch) -> None:
    from legacy_fluid.framework import op_registry

    registry = OpInfoMap()
    monkeypatch.setattr(op_registry, "OP_INFOS", registry)
    with pytest.raises(ProtoDerivationError, match=r"op 'no_such_op' registers no maker.*"
                       r"phi/ops\.yaml / backward\.yaml has no entry 'no_such_op'"):
        register_operator("no_such_op", OperatorWithKernel)
    assert "no_such_op" not in registry


class _Maker(OpProtoAndCheckerMaker):
    def make(self) -> None:
        self.add_input("X")
        self.add_output("Out")


def test_a_maker_still_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fluid form stays accepted: a registered maker gives the proto."""
    from legacy_fluid.framework import op_registry

    registry = OpInfoMap()
    monkeypatch.setattr(op_registry, "OP_INFOS", registry)
    register_operator("where", OperatorWithKernel, _Maker)
    info = registry.info("where")
    assert info.maker is _Maker and [v.name for v in info.proto.inputs] == ["X"]
    assert info.module == __name__


@pytest.mark.parametrize("op_type", _plain())
def test_the_codemod_reads_the_proto_the_framework_derives(op_type: str) -> None:
    from migrate.proto_reader import yaml_proto

    proto, static = OP_INFOS.info(op_type).proto, yaml_proto(op_type)
    assert [(v.name, v.duplicable, v.dispensable, v.extra) for v in static.inputs] == [
        (v.name, v.duplicable, v.dispensable, v.extra) for v in proto.inputs]
    assert [(v.name, v.duplicable, v.dispensable, v.extra) for v in static.outputs] == [
        (v.name, v.duplicable, v.dispensable, v.extra) for v in proto.outputs]
    assert [(a.name, a.type, a.default, a.extra) for a in static.attrs] == [
        (a.name, a.type.name, a.default, a.extra) for a in proto.attrs if not a.generated]


def test_legacy_attrs_follow_the_kernel_attrs_and_are_not_extra() -> None:
    """op_compat `legacy_attrs`: attributes of the legacy op no kernel takes (elementwise
    `axis`), after the kernel's attributes and before the extra ones."""
    import yaml

    from legacy_fluid.framework.derived_proto import proto_of
    from phi.op_defs import SourceLine, op_def
    from phi.op_defs.op_compat import parse_entry

    entry = parse_entry(yaml.safe_load(
        "- op : floor_divide (elementwise_floordiv)\n"
        "  legacy_attrs : [int axis = -1]\n"
        "  extra :\n    attrs : [bool use_mkldnn = false]\n")[0], SourceLine("t.yaml", 1))
    proto = proto_of("elementwise_floordiv", op_def("floor_divide"), entry)
    assert [(a.name, a.type, a.default, a.extra) for a in proto.attrs if not a.generated] == [
        ("axis", AttrType.INT, -1, False), ("use_mkldnn", AttrType.BOOLEAN, False, True)]


def test_an_undefined_datatype_default_is_stored_as_minus_one() -> None:
    """`DataType dtype=DataType::UNDEFINED` (no dtype asked for) is -1 in a legacy proto."""
    dtype = derived_proto("nansum").attr("dtype")
    assert (dtype.type, dtype.default) == (AttrType.INT, -1)


def test_a_grad_ops_list_output_is_dispensable() -> None:
    """Some tensors of a list input may need no gradient: the list's grad is dispensable."""
    grad = derived_proto("stack_grad").output("X@GRAD")
    assert grad is not None and grad.duplicable and grad.dispensable
    assert not derived_proto("stack").output("Y").dispensable
