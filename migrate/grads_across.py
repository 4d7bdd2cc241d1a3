"""A grad kernel whose forward kernel another module of the run migrates (issue 23, cm45):
`ops/cube.py` holds `gs_cube` and its kernel, `ops/cube_grad.py` the grad op `gs_cube_grad`
and its kernel, with no backward_op entry in phi/backward.yaml to follow.

A module's own pass generates the entry from a forward it migrates itself; one whose grad
kernel is left "no forward kernel migrated in this module" (`NO_FORWARD`) is migrated
again, by the runner, with the forward kernels other modules of the run migrated
(`FileResult.forwards` of theirs, `FileResult.grad_forwards` of its), its entry generated
from that forward as from one of its own. The entry is written to the `backward.yaml` of
the forward's folder, where the forward's ops.yaml entry lands (its `backward:` naming the
grad, as for any grad of the run). A forward no longer migrated (left legacy by a later
check, or held back by verify) is taken back from the grad's module, whose grad kernel is
then left legacy again; a grad kernel whose forward op is registered in another module of
the run and not migrated there stays skipped, its row naming that forward.
"""

from __future__ import annotations

from pathlib import Path

from compat.statuses import KernelStatus
from migrate.generated_backward import NO_FORWARD
from migrate.grads import forward_type, is_grad_op
from migrate.records import FileResult, ForwardKernel

#: what a grad row naming its forward of another module says (once)
_NAMED = ", nor in the run: forward op"


def wanted_forwards(results: list[FileResult]) -> dict[int, dict[str, ForwardKernel]]:
    """Module index -> the forward kernels of other modules its grad kernels follow now,
    for each module where that differs from what it was migrated with."""
    found: dict[str, tuple[int, ForwardKernel]] = {}
    for j, r in enumerate(results):
        for op, kernel in r.forwards.items():
            found.setdefault(op, (j, kernel))
    out: dict[int, dict[str, ForwardKernel]] = {}
    for i, r in enumerate(results):
        ops = {forward_type(rec.op_type) for rec in r.records if is_grad_op(rec.op_type)
               and (NO_FORWARD in rec.reason or forward_type(rec.op_type) in r.grad_forwards)}
        want = {op: found[op][1] for op in sorted(ops) if op in found and found[op][0] != i}
        if want != r.grad_forwards:
            out[i] = want
    return out


def name_unmigrated_forwards(results: list[FileResult]) -> None:
    """A grad row left "no forward kernel migrated in this module" whose forward op another
    module of the run registers and leaves legacy names that forward, and its kernel."""
    rows = {rec.op_type: (r, rec) for r in results for rec in r.records
            if not is_grad_op(rec.op_type)
            and rec.status not in (KernelStatus.MIGRATED, KernelStatus.COVERED)}
    for r in results:
        for rec in r.records:
            if NO_FORWARD not in rec.reason or _NAMED in rec.reason or \
                    not is_grad_op(rec.op_type):
                continue
            hit = rows.get(forward_type(rec.op_type))
            if hit is None or hit[0] is r:
                continue
            there, fwd = hit
            rec.reason = rec.reason.replace(NO_FORWARD, (
                f"{NO_FORWARD}{_NAMED} '{fwd.op_type}' ({fwd.kernel} of {there.path}) is "
                f"{fwd.status.value}, as its row says"), 1)


def backward_folders(files: list[Path], results: list[FileResult]) -> dict[str, Path]:
    """Forward PHI name -> the folder whose ops.yaml gets its entry: a generated
    backward_op entry of its grad is written to the backward.yaml there."""
    return {op.phi_name: path.parent for path, r in zip(files, results) for op in r.ops
            if not op.op_def.is_backward}
