"""Combat damage: the assignment and its checks (:mod:`.assignment`: CR 510.1, 702.19, 702.2c), the
2009-2024 damage assignment order that the same step checks under that era (:mod:`.era_order`: 509.2,
510.1c-d of the 2024-08-02 file), the combat damage step(s) (:mod:`.steps`: CR 506.4, 510, 702.4,
702.7) and what changes between them (:mod:`.midcombat`: CR 510.4, 508.4d, 509.3c).
"""
