"""Team H: small habits of long-lived op libraries (old-style bases, helpers reading
attributes named like builtins, lazily built tables, kernel classes made by factories)."""
