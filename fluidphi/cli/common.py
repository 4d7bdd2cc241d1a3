"""What every verb shares: the Typer app and its command class (`--json[=FILE]`, help
metavars), the consoles, friendly errors, places and output paths checked before any
work."""

from __future__ import annotations

import functools
import json
import re
import types
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from typer.core import TyperArgument, TyperCommand, TyperGroup

from compat.terminal import SafeConsole, print_error
from fluidphi.cli.coercion import install_quick_coercion


class VerbGroup(TyperGroup):
    """The app's group: its own options' plainly valid values skip Typer's Pydantic
    coercion too (fluidphi/cli/coercion.py)."""

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)
        install_quick_coercion(params)
        return params


app = typer.Typer(
    cls=VerbGroup,
    add_completion=False,
    no_args_is_help=True,
    help="Run legacy Paddle programs on PHI-style kernels; migrate legacy kernels.",
)
console = SafeConsole()
err_console = SafeConsole(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])

#: `--json` on every verb: alone, the JSON goes to stdout (and nothing else does);
#: `--json=FILE` writes it to FILE.
JsonOption = Annotated[str | None, typer.Option(
    "--json", metavar="[=FILE]", help="print the result as JSON to stdout, and nothing "
    "else (--json), or write it to FILE (--json=FILE)")]
_METAVARS = {int: "N", float: "X", str: "TEXT", Path: "PATH"}


def _type_label(param: Any) -> str | None:
    """What help shows after an option: its metavar, its choices, or N / X / TEXT / PATH;
    nothing for flags and arguments (their name says it)."""
    if isinstance(param, TyperArgument) or getattr(param, "is_flag", False):
        return None
    if param.metavar is not None:
        return param.metavar or None
    desc = param.type_descriptor
    if desc.is_choice:
        return "|".join(str(getattr(c, "value", c)) for c in desc.choices or ())
    annotation = desc.annotation
    args = getattr(annotation, "__args__", None)
    if desc.is_list and args:
        annotation = args[0]
    return "PATH" if desc.is_path else _METAVARS.get(annotation, "VALUE")


class Verb(TyperCommand):
    """Every verb: a bare `--json` means stdout (`--json=FILE` names a file), help
    shows metavars (N, PATH, auto|phi|legacy) rather than type labels (`<bool>`), and
    plainly valid option values skip Typer's Pydantic coercion (fluidphi/cli/coercion.py)."""

    def get_params(self, ctx: Any) -> list[Any]:
        params = super().get_params(ctx)  # --help included
        install_quick_coercion(params)
        for param in params:
            if isinstance(param, TyperArgument) and param.metavar is None:
                param.metavar = param.name.upper() if param.name else None
            label = _type_label(param)
            param.display_type_rich = types.MethodType(lambda self, ctx, _l=label: _l, param)
        return params

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        end = args.index("--") if "--" in args else len(args)
        args = [("--json=-" if a == "--json" and i < end else a) for i, a in enumerate(args)]
        return super().parse_args(ctx, args)


def verb() -> Callable[[F], F]:
    """`@verb()` registers a command of the app with the `Verb` class."""
    return app.command(cls=Verb)


def _json_sink(value: str | None) -> Callable[[Any], None] | None:
    """--json's target, checked before any work: None (no JSON), stdout, or a file."""
    if value is None:
        return None
    if value == "-":
        return lambda doc: typer.echo(json.dumps(doc, indent=2))
    if not value:
        raise CliError("--json=: give a file name after '=' (or --json alone for stdout)")
    path = Path(value)
    _check_outputs((path, "--json", None))
    return lambda doc: _write_output(path, "--json", (json.dumps(doc, indent=2) + "\n")
                                     .encode("utf-8"))


def _user_errors() -> tuple[type[BaseException], ...]:
    from compat.checker import ModelCheckError
    from compat.dual_dispatch import NoKernelError
    from compat.feeds import InputError
    from compat.kernel_crop import CropError
    from compat.kernel_library import LibraryUnavailableError
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
        CropError,
        LibraryUnavailableError,
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
            print_error(err_console, "Ctrl-C; nothing was written", label="interrupted")
            raise typer.Exit(130) from None
        except (CliError, *_user_errors()) as exc:
            from legacy_fluid.framework.executor import OpRunError

            print_error(err_console, exc)
            raise typer.Exit(1 if isinstance(exc, OpRunError) else 2) from None
        except OSError as exc:  # the file system refused a read or a write
            where = f"'{exc.filename}': " if exc.filename else ""
            print_error(err_console, f"{where}{exc.strerror or exc}")
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
    from phi.common import Place
    from phi.core.device_backends import DeviceContextPool

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


def _check_outputs(*outputs: tuple[Path | None, str, tuple[str, ...] | None]) -> None:
    """(path, option, files) for each output option, before any work: `files` is None for
    an output file, or the names that will be written into the output folder `path`."""
    from compat.output_paths import check_output_dir, check_output_file

    for path, option, files in outputs:
        if path is None:
            continue
        if files is None:
            check_output_file(path, option)
        else:
            check_output_dir(path, option, files)


def _npz_output(output: Path | None) -> Path | None:
    """--output's file: the path given, with `.npz` put in place of any other suffix (the
    path given is checked too: a folder or a device there is a mistake either way)."""
    if output is None:
        return None
    npz = output if output.suffix == ".npz" else output.with_suffix(".npz")
    _check_outputs((output, "--output", None), (npz, "--output", None))
    return npz


def _write_output(path: Path, what: str, data: bytes | Any) -> None:
    """Write an output file atomically (folders made as needed); a clear error otherwise."""
    from legacy_fluid.io.atomic_write import atomic_write_bytes

    try:
        atomic_write_bytes(path, data)
    except OSError as exc:
        raise CliError(f"{what} '{path}' cannot be written: {exc.strerror or exc}") from None


