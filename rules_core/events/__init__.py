"""The events built on the damage layer: triggered abilities and the stack (:mod:`.triggers`:
CR 603, 117.5; Sieges' "when defeated", 310.11b), fights and other damage equal to power
(:mod:`.fight`: CR 701.14), and destruction by a spell or ability (:mod:`.destruction`: CR 701.8).
A trigger's damage is a new damage event of :mod:`rules_core.damage`.
"""
