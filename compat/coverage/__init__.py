"""Migration coverage: what runs on PHI, what still runs legacy, and why.

`fluidphi coverage` collects facts from the registries (operators, legacy
kernels, PHI kernels, argument mappings, InferMeta, ``phi/ops.yaml``), the
codemod's report, the last parity run (``reports/parity.json``), Paddle's op census
(``census.json``: every op type of Paddle 3.3.1's op protos) and traced
runs of the given models on CPU and on GPU (the `emulated` device where no CUDA
device exists), then writes them as
Markdown, JSON (schema in ``schema.json``) and one offline HTML page.

Modules: `facts` (registry facts per op type), `parity` (legacy vs PHI per
dtype), `codemod` (reads the migration report), `models` (per-model paths),
`report` (the JSON document), `census` (Paddle's op census, ``census.json``, read
strictly) and `census_report` (the census joined with fluidphi's registries),
`render_md` / `render_html` / `render_console`, `validate` (a small JSON
Schema checker), `cli_entry` (`run_coverage`).
"""
