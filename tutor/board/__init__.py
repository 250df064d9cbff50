"""The board area (``/board/``): build a board, resolve its damage event stage by stage, share it by permalink."""
