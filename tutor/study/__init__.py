"""Study mode: questions generated from templates, answered by the engine, spaced review.

* :mod:`.topics` — topics (CR paragraphs and keywords), levels, links into the reader;
* :mod:`.generators` — the built-in question templates (seeded random boards, typical mistakes);
* :mod:`.asks` — what a question asks and the engine's answer to it;
* :mod:`.building` — template + seed → a checked question with its options; grading;
* :mod:`.review` — the review queue's FSRS cards and their waits;
* :mod:`.ratings` — OpenSkill ratings of learners and kinds of question, practice's draw near the learner;
* :mod:`.charts` — the history chart's geometry (server-rendered SVG);
* :mod:`.services` / :mod:`.selectors` — the database side (keyword-only ``<entity>_<action>``).
"""
