"""Team D's arithmetic ops."""
