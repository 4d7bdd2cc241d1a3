"""Team H: elementwise kernels registered by a class decorator, and subclasses of them in
another module registered by a plain loop (a class decorator does not run for a subclass)."""
