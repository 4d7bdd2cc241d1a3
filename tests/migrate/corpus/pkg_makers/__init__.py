"""Team M: op makers built by factories called where a maker is expected (inline, through
a registration helper's parameter, in a loop over a literal table), a maker subclass
extending its parent's proto, and a factory reading a list something appends to."""
