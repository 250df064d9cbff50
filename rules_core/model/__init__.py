"""The engine's value objects, the lowest layer: they import nothing else of the engine.

The board (:mod:`.state`: players, permanents and their characteristics, CR 110, 119, 122, 702), the
effects that exist before an event (:mod:`.effects`: CR 614, 615), triggered abilities (:mod:`.trigger_types`:
CR 603), the eras' types (:mod:`.era_types`), the damage in flight (:mod:`.hits`: CR 120.4), the qualities
of protection (:mod:`.protection`: CR 702.16), the changes between the combat damage steps
(:mod:`.step_changes`: CR 510.4), the stages of a resolution (:mod:`.trace`), the errors, the Japanese
words and names (:mod:`.ja`, :mod:`.text`) and the frozen helpers.
"""
