"""The card catalogue (``/cards/``): search, a page per card, and placing a card on a board."""
