"""The engine's answers as view data (words, links, the drawing), shared by the board and study mode."""
