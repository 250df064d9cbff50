"""The board's views, one module per group of actions (``flow`` holds what they share)."""
