"""Team R's composite ops."""
