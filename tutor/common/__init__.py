"""Web helpers every area shares: the htmx convention and the reader's paragraph URLs."""
