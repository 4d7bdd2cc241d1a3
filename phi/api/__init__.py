"""The Python API over PHI kernels, generated from ops.yaml and backward.yaml.

    from phi import api
    x = api.Tensor(np.ones((2, 3), np.float32), stop_gradient=False)
    loss = api.mean(api.relu(x))
    loss.backward()          # x.grad

Every op of the yaml is a function here (phi/api/generated, by `python -m phi.api.gen`);
`call` runs one PHI kernel by kernel name; `backward` / `no_grad` drive the eager tape.
"""

from __future__ import annotations

import functools
from typing import Any

from phi.api.autograd import AutogradError, Tensor, backward, no_grad, to_tensor

__all__ = ["AutogradError", "Tensor", "backward", "functions", "no_grad", "to_tensor"]


@functools.cache
def functions() -> dict[str, Any]:
    """Every generated API function by name."""
    from phi.api.generated import MODULES

    return {name: getattr(m, name) for m in MODULES for name in m.__all__}


def __getattr__(name: str) -> Any:
    try:
        return functions()[name]
    except KeyError:
        raise AttributeError(f"module 'phi.api' has no attribute {name!r} (no op of that "
                             "name in ops.yaml or backward.yaml)") from None


def __dir__() -> list[str]:
    return sorted({*globals(), *functions()})
