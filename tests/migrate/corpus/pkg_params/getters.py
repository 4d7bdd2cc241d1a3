"""Team P's attribute getter: an attribute's value, or a default where the desc lacks it
(programs saved before the attribute was added)."""


def attr_or(ctx, name, default):
    if ctx.has_attr(name):
        value = ctx.attr(name)
        if value is not None:
            return value
    return default
