"""Team U: kernels registered in ways the codemod's static reading does not follow."""
