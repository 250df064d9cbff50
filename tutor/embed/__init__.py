"""Boards shown on other sites: the embeddable page, its oEmbed description, and the PNG preview."""
