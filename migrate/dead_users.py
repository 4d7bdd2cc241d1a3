"""Uses of a name that the write itself ends (issue 23).

`tree_names.uses_elsewhere` reads the tree as it is on disk: a module importing a kernel
class only for a subclass that migrates in the same run (`from .ufunc import ScaleKernel`
for `class QuarterKernel(ScaleKernel)`) is a user there, although its migrated text drops
that import and names the class nowhere. Such a use does not keep the class: it goes with
its migration like any other migrated class. A use stays when its module's text as the
write leaves it still spells the name anywhere (an import, an attribute, a string in
`__all__`, a re-export): only a module the write changes and that no longer names it at
all is discounted. Should that module be left legacy after all (verify holding it back, an
earlier hold), the use is back (`runner.keep_used_names` runs again on the new texts).
"""

from __future__ import annotations

import re
from pathlib import Path

from migrate.records import FileResult
from migrate.tree_names import Use, package_root


def live_uses(module: Path, uses: list[Use], files: list[Path],
              results: list[FileResult]) -> list[Use]:
    """`uses` (of names `module` removes, by other modules of the tree) less those whose
    user the write changes and leaves without any mention of the name."""
    after = {f.resolve(): r.new_text for f, r in zip(files, results) if r.changed}
    root = package_root(module)  # as `uses_elsewhere` names the users
    out: list[Use] = []
    for use in uses:
        text = after.get((root / use.user).resolve())
        if text is None or re.search(rf"\b{re.escape(use.name)}\b", text):
            out.append(use)
    return out
