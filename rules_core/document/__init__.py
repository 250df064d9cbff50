"""The scenario document (``docs/scenario-format.md``): reading, checking and writing it back.

:mod:`.parse` reads the top level and calls one module per part of the document — :mod:`.players`
(CR 108.3, 702.16, 810), :mod:`.triggers` (CR 603), :mod:`.events` (CR 120.2, 506-510, 701.8, 701.14),
:mod:`.effects` (CR 614, 615, 616), :mod:`.choices` (CR 616.1, 615.7), :mod:`.eras` (the rules of 2007
and 2009-2024) — each with the validators of :mod:`.fields`; :mod:`.limits` bounds a document before it
is read; :mod:`.scenario` holds the parsed :class:`~.scenario.Scenario` and its writing back.
"""
