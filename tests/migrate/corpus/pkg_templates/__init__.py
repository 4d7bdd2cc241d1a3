"""Team T: optimizer, point-cloud and signal ops on template bases, grown the way a team's
package grows (corpus for issue 23: loops over a template's tables and over what a hook
returns, helper parameters named like slots, a view with a sentinel default, a tensor
operand standing for an attribute, two kernels of one op reading different attributes, an
instance constant whose name another module's maker spells, a LoD op with image info, an
array template spreading its inputs into a hook and zipping its output slots with what the
hook returns)."""

from . import boxes, columns, lerp, optim, points, quant, spectral, spread  # noqa: F401
