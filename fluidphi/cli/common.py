"""What every verb shares: the Typer app, the consoles, friendly errors, places and
output paths checked before any work."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import typer
from rich.console import Console

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Run legacy Paddle programs on PHI-style kernels; migrate legacy kernels.",
)
console = Console()
err_console = Console(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])


def _user_errors() -> tuple[type[BaseException], ...]:
    from compat.checker import ModelCheckError
    from compat.dual_dispatch import NoKernelError
    from compat.feeds import InputError
    from compat.memory_guard import MemoryLimitError
    from compat.output_paths import OutputPathError
    from compat.predictor import ModelInputError
    from legacy_fluid.framework.executor import OpRunError
    from legacy_fluid.framework.op_kernel import LegacyKernelNotFoundError
    from phi.core.device_context import DeviceUnavailableError
    from phi.core.kernel_factory import KernelNotFoundError

    errors: list[type[BaseException]] = [
        DeviceUnavailableError,
        KernelNotFoundError,
        OpRunError,
        LegacyKernelNotFoundError,
        NoKernelError,
        ModelInputError,
        InputError,
        ModelCheckError,
        MemoryLimitError,
        OutputPathError,
        FileNotFoundError,
    ]
    try:
        from legacy_fluid.io.errors import ModelFormatError

        errors.append(ModelFormatError)
    except ImportError:  # pragma: no cover - io package always ships
        pass
    from compat.coverage.codemod import ReportFormatError
    from compat.training import TrainingInputError

    errors += [ReportFormatError, TrainingInputError]
    return tuple(errors)


class CliError(Exception):
    """A usage problem detected by the CLI itself (bad --input syntax, ...)."""


def friendly_errors(fn: F) -> F:
    """Known failures become one paragraph on stderr and exit code 2 (1 for op failures)."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except typer.Exit:
            raise
        except KeyboardInterrupt:
            err_console.print("[bold red]interrupted[/] (Ctrl-C): nothing was written")
            raise typer.Exit(130) from None
        except (CliError, *_user_errors()) as exc:
            from legacy_fluid.framework.executor import OpRunError

            err_console.print(f"[bold red]error:[/] {exc}", highlight=False, soft_wrap=True)
            raise typer.Exit(1 if isinstance(exc, OpRunError) else 2) from None
        except OSError as exc:  # the file system refused a read or a write
            where = f"'{exc.filename}': " if exc.filename else ""
            err_console.print(f"[bold red]error:[/] {where}{exc.strerror or exc}",
                              highlight=False, soft_wrap=True)
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


PLACE_METAVAR = "[cpu|gpu|gpu:N|emulated|NAME[:N]]"
PLACE_HELP = ("where to run: cpu, a CUDA GPU (CuPy), the emulated device, or a registered "
              "plug-in device type (docs/devices.md)")


def _check_place(value: str) -> str:
    """The spelling only; whether the device can be used is checked before any work."""
    if re.fullmatch(r"[a-z][a-z0-9_]*(:[0-9]+)?", value):
        return value
    raise typer.BadParameter(f"{value!r}: expected cpu, gpu or gpu:N, emulated, or a "
                             "registered device type's name[:N]")


def _device(place: str) -> Any:
    """The place of --place, its device context made (no usable device: a clear error)."""
    from phi.backends.context_pool import DeviceContextPool
    from phi.common import Place

    target = Place.parse(place)
    DeviceContextPool.instance().get(target)
    return target


def _cpu_ops(spec: str | None, loaded: Any) -> frozenset[str]:
    """--cpu-ops TYPE,...: op types of the model (a type it lacks is a mistake)."""
    if not spec:
        return frozenset()
    wanted = [t.strip() for t in spec.split(",") if t.strip()]
    present = set(loaded.program.op_types())
    missing = [t for t in wanted if t not in present]
    if missing:
        raise CliError(f"--cpu-ops: the model has no op of type {', '.join(missing)} "
                       f"(its op types: {', '.join(sorted(present))})")
    return frozenset(wanted)


def _check_outputs(*outputs: tuple[Path | None, str, bool]) -> None:
    """(path, option, is_folder) for each output option: writable, before any work."""
    from compat.output_paths import check_output_dir, check_output_file

    for path, option, folder in outputs:
        if path is not None:
            (check_output_dir if folder else check_output_file)(path, option)


def _write_output(path: Path, what: str, data: bytes | Any) -> None:
    """Write an output file atomically (folders made as needed); a clear error otherwise."""
    from legacy_fluid.io.atomic_write import atomic_write_bytes

    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise CliError(f"{what} '{path}' cannot be written: {exc.strerror or exc}") from None


