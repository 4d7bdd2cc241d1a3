"""Record the dtypes of every PHI kernel Paddle 3.3.1 registers for plain CPU tensors (a
test-time tool, Paddle's venv; see tests/conformance/README.md):

    python tests/conformance/export_phi_kernels.py

Reads `paddle.base.core._get_registered_phi_kernels("function")`, keeps the keys whose
backend is CPU and whose layout is not STRIDED (strided kernels serve views of dygraph
tensors, which a legacy program never holds), and writes kernel name -> sorted dtype names
to tests/fixtures/phi_kernels/cpu_dtypes.json, which tests/ops/test_phi_kernel_dtypes.py
reads (the CI has no Paddle).
"""

import os

os.environ["FLAGS_enable_pir_api"] = "0"

import json
from pathlib import Path

import paddle
from paddle.base import core

OUT = Path(__file__).resolve().parents[1] / "fixtures" / "phi_kernels" / "cpu_dtypes.json"


def _cpu_dtypes(keys: list[str]) -> list[str]:
    dtypes = set()
    for key in keys:
        backend, layout, dtype = (part.strip() for part in key.strip("()").split(","))
        if backend == "CPU" and layout != "STRIDED":
            dtypes.add(dtype)
    return sorted(dtypes)


def _one_kernel_a_line(document: dict) -> str:
    head = {k: v for k, v in document.items() if k != "kernels"}
    lines = [f" {json.dumps(name)}: {json.dumps(dtypes)}"
             for name, dtypes in document["kernels"].items()]
    return (json.dumps(head)[:-1] + ', "kernels": {\n' + ",\n".join(lines) + "\n}}\n")


def main() -> None:
    registered = core._get_registered_phi_kernels("function")
    kernels = {name: dtypes for name in sorted(registered)
               if (dtypes := _cpu_dtypes(registered[name]))}
    document = {"paddle_version": paddle.__version__,
                "command": "python tests/conformance/export_phi_kernels.py",
                "kernels": kernels}
    OUT.write_text(_one_kernel_a_line(document), encoding="utf-8")
    print(f"{len(kernels)} kernels -> {OUT}")


if __name__ == "__main__":
    main()
