"""The team's op modules."""
