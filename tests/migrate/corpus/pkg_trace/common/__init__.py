"""What the team's op modules share: the operator, its maker, the tracing ctx helpers."""
