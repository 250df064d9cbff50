"""The CR reader (``/cr/``): sections, paragraphs, glossary, cards and search."""
