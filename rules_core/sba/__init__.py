"""What happens after every damage event, under the damage layer that calls it: state-based actions
(:mod:`.actions`: CR 704), the replacements of destruction they meet (:mod:`.guard`: regeneration
CR 614.8, 701.19, shield counters 122.1c, indestructible 702.12b), Sieges whose last defense counter
was removed (:mod:`.sieges`: CR 310.11b, 704.5v), and players leaving a multiplayer game or a
Two-Headed Giant team sharing its totals (:mod:`.multiplayer`: CR 800.4, 810.9).
"""
