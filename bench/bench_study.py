"""Benchmark for study question generation: run with ``.venv/bin/python bench/bench_study.py``.

Prints figures only (no assertions). ``--cpu`` measures CPU time of this process instead of
wall-clock time: steadier on a machine that is busy with other work.

1. the first load of the card pool (``fixtures/cards.json``, once per process);
2. questions per second over every built-in template and level (template draft, the engine's
   answer, the options and their checks: what ``question_build`` does for one question);
3. questions per second for one question under a topic (``question_for_topic``: the draws that do
   not involve the topic are retried), over every topic and level;
4. the judge questions' cost, template by template (the mean and the slowest);
5. building one mock exam (``exam_build``: 20 L1 or 25 L2 questions, each from its own template),
   the median and the slowest over seeds (the L2 exam must stay under 200 ms).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tutor.study import cardpool
from tutor.study.building import question_build, question_for_topic
from tutor.study.exams import SHAPES, exam_build
from tutor.study.generators import TEMPLATES, templates_for
from tutor.study.judge_questions import JUDGE_TEMPLATES
from tutor.study.topics import LEVELS, TOPICS


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpu", action="store_true", help="CPU time of this process, not wall-clock")
    parser.add_argument("--seeds", type=int, default=20)
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter

    start = clock()
    cardpool.card("lightning-bolt")
    print(f"card pool loaded once: {1000 * (clock() - start):.1f} ms ({len(cardpool.card_names())} cards)")

    pairs = [(t, level) for t in TEMPLATES for level in t.levels]
    start = clock()
    count = 0
    for template, level in pairs:
        for seed in range(args.seeds):
            question_build(template, seed=seed, level=level)
            count += 1
    elapsed = clock() - start
    print(
        f"question_build: {count} questions from {len(TEMPLATES)} templates in {elapsed:.2f} s = {count / elapsed:,.0f} questions/s"
    )

    topic_pairs = [(t.slug, lv) for t in TOPICS for lv in LEVELS if templates_for(topic=t.slug, level=lv)]
    start = clock()
    count = 0
    for topic, level in topic_pairs:
        for seed in range(args.seeds // 2):
            question_for_topic(topic, level, seed)
            count += 1
    elapsed = clock() - start
    print(
        f"question_for_topic: {count} questions over {len(topic_pairs)} topic/level pairs in {elapsed:.2f} s = {count / elapsed:,.0f} questions/s"
    )

    # The judge questions (issue 24 item 1) resolve more than one board a question (the declaration and
    # each belief; the outcomes templates every legal order or division): their cost per template.
    judge = [(t, level) for t in JUDGE_TEMPLATES for level in t.levels]
    slowest = []
    for template, level in judge:
        start = clock()
        for seed in range(args.seeds):
            question_build(template, seed=seed, level=level)
        slowest.append((1000 * (clock() - start) / args.seeds, f"{template.slug}/{level}"))
    slowest.sort()
    mean = sum(ms for ms, _ in slowest) / len(slowest)
    print(
        f"judge questions: {mean:.1f} ms a question on average, slowest {slowest[-1][1]} {slowest[-1][0]:.1f} ms"
    )

    for shape in SHAPES:
        times = []
        for seed in range(args.seeds):
            start = clock()
            exam_build(shape, seed)
            times.append(1000 * (clock() - start))
        times.sort()
        print(
            f"exam_build {shape.slug}: {shape.size} questions, median {times[len(times) // 2]:.0f} ms, "
            f"slowest {times[-1]:.0f} ms over {len(times)} exams"
        )


if __name__ == "__main__":
    main()
