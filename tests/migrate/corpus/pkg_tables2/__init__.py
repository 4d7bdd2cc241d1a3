"""Team T2's distance and loss ops: kernels dispatching through class-level tables of
functions and partials, and a softmax cross-entropy over class-id labels."""
