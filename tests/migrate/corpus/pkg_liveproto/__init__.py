"""Team L: ops whose makers the codemod's static reading cannot follow."""
