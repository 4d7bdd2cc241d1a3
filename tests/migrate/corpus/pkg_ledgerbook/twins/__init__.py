"""Books the codemod cannot prove: a filtering accessor, a second writer of the rows, a book
bound twice."""
