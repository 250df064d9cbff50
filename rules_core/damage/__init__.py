"""One damage event, CR 120.4 and what modifies it.

:mod:`.deal` runs the four parts (120.4a-d) and the state-based actions after them; redirection of
excess damage and by effects (:mod:`.redirection`: CR 120.4a, 120.10, 614.9), prevention and its order
(:mod:`.prevention`: CR 615, 616.1), protection's prevention (CR 702.16e), shield counters' prevention
(:mod:`.shields`: CR 122.1c), results and their replacements (:mod:`.results`: CR 120.3, 120.4c),
the life-total rules (:mod:`.life`: CR 119.7, 119.8, 704.5a) and the additional effects of prevention
(:mod:`.additional`: CR 615.5).
"""
