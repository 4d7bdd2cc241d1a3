"""`KernelSignature`: which op slots and attributes feed which PHI kernel arguments."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class KernelSignature:
    """Positional: `inputs[i]` feeds the kernel's i-th tensor input, and so on.

    An entry of `attrs` may name an op *input* slot (ScaleTensor, ShapeTensor):
    the kernel then gets that tensor's value as its Scalar / IntArray attribute.
    """

    name: str
    inputs: tuple[str, ...] = field(default_factory=tuple)
    attrs: tuple[str, ...] = field(default_factory=tuple)
    outputs: tuple[str, ...] = field(default_factory=tuple)

    def __init__(
        self,
        name: str,
        inputs: list[str] | tuple[str, ...] = (),
        attrs: list[str] | tuple[str, ...] = (),
        outputs: list[str] | tuple[str, ...] = (),
    ) -> None:
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "inputs", tuple(inputs))
        object.__setattr__(self, "attrs", tuple(attrs))
        object.__setattr__(self, "outputs", tuple(outputs))

    def __str__(self) -> str:
        return (
            f"KernelSignature({self.name!r}, inputs={list(self.inputs)}, "
            f"attrs={list(self.attrs)}, outputs={list(self.outputs)})"
        )

    @property
    def is_unregistered(self) -> bool:
        return self.name == "unregistered"


UNREGISTERED = KernelSignature("unregistered")
