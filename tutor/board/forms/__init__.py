"""The board's forms, one module per part of the board (``base`` holds the shared fields)."""
