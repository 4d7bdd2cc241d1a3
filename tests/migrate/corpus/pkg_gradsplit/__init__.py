"""Team G2: each op's forward and its gradient in modules of their own."""
