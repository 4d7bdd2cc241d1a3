"""Team F: a template-method base whose subclasses set its constants (None, int, str)."""
