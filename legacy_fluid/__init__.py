"""The legacy fluid framework: descs, scope, op protos, class kernels and their selection."""
