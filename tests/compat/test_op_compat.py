"""phi/op_compat.yaml is the legacy <-> PHI relation: the signature it gives every registered
legacy op, over contexts from the op's proto, is the one recorded from the Python tables it
replaced (signatures.json, written by `python -m tests.compat.signature_cases` before they
were deleted); manual_signature entries and mapping functions match one to one."""

from __future__ import annotations

import json

import pytest

from compat.arg_mapping import (
    ARG_MAPPINGS,
    base_kernel_names,
    default_kernel_signature,
    get_kernel_signature,
    phi_kernel_name,
)
from legacy_fluid.framework.op_registry import OP_INFOS
from migrate.names import snake
from phi.op_defs import op_compat_defs, op_compat_of
from tests.compat.signature_cases import RECORDED, contexts, library_ops

MANUAL = {op for entry in op_compat_defs() for op in entry.manual_signature}
RECORD = json.loads(RECORDED.read_text(encoding="utf-8"))


def _text(fn, *args) -> str:
    try:
        return str(fn(*args))
    except Exception as err:
        return f"raises {type(err).__name__}"


def test_every_registered_op_is_recorded() -> None:
    assert sorted(RECORD) == library_ops()


@pytest.mark.parametrize("op", sorted(RECORD))
def test_the_yaml_gives_each_op_its_recorded_signature(op: str) -> None:
    """manual_signature ops run their function; every other op the default mapping with its
    op_compat entry applied, which must reproduce what the deleted tables gave."""
    proto = OP_INFOS.get(op).proto
    for label, ctx in contexts(proto).items():
        if op in MANUAL:
            derived = _text(ARG_MAPPINGS[op].fn, ctx)
        else:
            derived = _text(default_kernel_signature, proto, ctx)
        assert derived == RECORD[op][label], (op, label)
        assert _text(get_kernel_signature, proto, ctx) == RECORD[op][label], (op, label)


def test_base_kernel_names_come_from_the_yaml() -> None:
    names = base_kernel_names()
    assert names["elementwise_add"] == "add" and phi_kernel_name("elementwise_add") == "add"
    assert names["reduce_mean_grad"] == "mean_grad"
    assert phi_kernel_name("relu") == "relu" and "relu" not in names
    entry = op_compat_of("reduce_mean_grad")
    assert entry is not None and entry.names.legacy == "reduce_mean"
    assert str(entry.source).startswith("phi/op_compat.yaml:")


def test_a_fed_tensor_replaces_its_attribute_and_leaves_the_inputs() -> None:
    proto = OP_INFOS.get("concat").proto
    ctxs = contexts(proto)
    fed = default_kernel_signature(proto, ctxs["+AxisTensor"])
    assert (fed.inputs, fed.attrs) == (("X",), ("AxisTensor",))
    assert default_kernel_signature(proto, ctxs["required"]).attrs == ("axis",)
    assert default_kernel_signature(proto).attrs == ("axis",)  # no context: the attribute
def test_manual_signatures_and_mapping_functions_match_one_to_one() -> None:
    project = {op for op, m in ARG_MAPPINGS.items() if m.fn.__module__.startswith("compat.ops")}
    assert project == MANUAL




def test_coverage_takes_grad_op_types_from_the_yaml() -> None:
    """Paddle names cross_entropy2's grad op cross_entropy_grad2 and elementwise_mod's
    remainder_grad (its grad maker's OpDesc): the yaml's `backward` says so, and the coverage
    report's backward rows follow it."""
    from compat.coverage.grads import GRAD_OP_TYPE

    assert GRAD_OP_TYPE == {"cross_entropy2": "cross_entropy_grad2",
                            "elementwise_mod": "remainder_grad"}
    assert phi_kernel_name("cross_entropy_grad2") == "cross_entropy2_grad"


def test_a_manual_op_without_its_function_gets_the_proto_in_order() -> None:
    """tile is manual_signature; its entry's int_array rule (from tile_grad) is not applied
    to it: in a scope without mapping functions (the codemod's verification) tile maps by
    its proto, as it did before the yaml, while tile_grad keeps the rule."""
    tile, tile_grad = OP_INFOS.get("tile").proto, OP_INFOS.get("tile_grad").proto
    with ARG_MAPPINGS.scoped():
        sig = get_kernel_signature(tile, contexts(tile)["+RepeatTimes"])
        grad = get_kernel_signature(tile_grad, contexts(tile_grad)["+RepeatTimes"])
    assert "RepeatTimes" in sig.inputs and sig.attrs == ("repeat_times",)
    assert "RepeatTimes" not in grad.inputs and grad.attrs == ("RepeatTimes",)


def test_every_name_in_the_yaml_is_a_registered_op_slot_or_kernel() -> None:
    """A typo in op_compat.yaml cannot pass silently: legacy names are registered ops, PHI
    names registered kernels, and every slot an entry names is in one of its ops' protos."""
    from phi.core.kernel_factory import KERNELS

    problems = []
    for entry in op_compat_defs():
        names = (entry.names, *entry.backward)
        protos = [OP_INFOS.get(n.legacy).proto for n in names if OP_INFOS.get(n.legacy)]
        problems += [f"{entry.source}: no legacy op {n.legacy!r}" for n in names
                     if OP_INFOS.get(n.legacy) is None]
        problems += [f"{entry.source}: no PHI kernel {n.phi!r}" for n in names
                     if n.legacy not in entry.manual_signature and not KERNELS.has_kernel(n.phi)]
        slots = {s.name for p in protos for s in (*p.inputs, *p.outputs)}
        attrs = {a.name for p in protos for a in p.attrs}
        named_slots = {*entry.extra.inputs, *entry.extra.outputs,
                       *(s for t in entry.tensor_attrs for s in t.tensor_slots)}
        named_attrs = {*entry.unmapped_attr_names, *(t.attr for t in entry.tensor_attrs)}
        problems += [f"{entry.source}: no slot {s!r}" for s in sorted(named_slots - slots)]
        problems += [f"{entry.source}: no attribute {a!r}" for a in sorted(named_attrs - attrs)]
    assert problems == []


def test_renames_are_exactly_where_the_kernel_names_an_argument_otherwise() -> None:
    """For every default-mapped op of an entry, its signature lined up with its PHI
    kernel's ops.yaml arguments: each pair not spelled alike (`migrate.names.snake`, the
    codemod's spelling) is a listed rename, and each listed rename is such a pair of some
    op of the entry, or one a plain op's proto needs (a tensor's legacy name that is not
    its PHI name in CamelCase, `derived_proto.camel`; an attribute's that is not its PHI
    name); a default-mapped op with a pair of the first kind has an entry."""
    from legacy_fluid.framework.derived_proto import camel
    from phi.op_defs import op_def_of_kernel

    found: dict[object, set[tuple[str, str, str]]] = {e.source: set() for e in op_compat_defs()}
    spelled: dict[object, set[tuple[str, str, str]]] = {e.source: set() for e in op_compat_defs()}
    for op_type in library_ops():
        if ARG_MAPPINGS.get(op_type) is not None:
            continue
        proto = OP_INFOS.get(op_type).proto
        sig = get_kernel_signature(proto, contexts(proto)["required"])
        op = op_def_of_kernel(sig.name)
        if op is None:
            continue
        phi_side = ([a.name for a in op.args if a.type.is_tensor],
                    [a.name for a in op.args if not a.type.is_tensor],
                    [o.name for o in op.outputs])
        pairs, derived = set(), set()
        for kind, phis, legacies in zip(("inputs", "attrs", "outputs"), phi_side,
                                        (sig.inputs, sig.attrs, sig.outputs)):
            assert len(phis) == len(legacies), (op_type, kind)
            pairs |= {(kind, p, leg) for p, leg in zip(phis, legacies) if p != snake(leg)}
            spell = (lambda n: n) if kind == "attrs" else camel
            derived |= {(kind, p, leg) for p, leg in zip(phis, legacies) if spell(p) != leg}
        entry = op_compat_of(op_type)
        assert entry is not None or not pairs, f"{op_type} renames {pairs} but has no entry"
        if entry is not None:
            found[entry.source] |= pairs
            spelled[entry.source] |= derived
    for entry in op_compat_defs():
        listed = {(kind, phi, legacy) for kind, pairs in (
            ("inputs", entry.inputs), ("attrs", entry.attrs), ("outputs", entry.outputs))
            for phi, legacy in pairs}
        assert found[entry.source] <= listed <= found[entry.source] | spelled[entry.source], \
            entry.source
