"""Former rules that resolve combat differently as a whole: the 2007 rules, where the combat damage
assignment goes on the stack and players act before it resolves (:mod:`.era_2007`: CR 310.1-310.4c of
the 2007-02-01 file). The 2009-2024 order only changes the assignment checks (:mod:`rules_core.combat`).
"""
