"""Team R: every sub-package re-exports its modules' names from its `__init__`, and the
op modules import through those re-exports (`from ..act import GluKernel`)."""
