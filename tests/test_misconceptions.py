"""The registered wrong answers are a catalogue of misconceptions, and the
learner is told which one their answer looks like.

For every exercise of every chapter, the reference solution passes the
exercise's visible tests, and every registered wrong answer
(tests/homework_fixtures: mutants.py and chapter_mutants/chNN.py), pasted in
as the learner's answer, fails a visible test whose message names it: "This
looks like a known mistake: <its description>". Visible tests run as the
learner runs them: the chapter's import cell, the answer cell, then the test
cells with their hidden parts removed, in a fresh namespace.

(Each chapter's tests/test_chapter_NN.py also checks that an unrelated wrong
answer gets the generic message, with a wrong answer written for that exercise.)
"""

import pytest

pytest.importorskip("nbformat")
from exercise_support import KNOWN, ROOT, exercises, load_mutants, visible_feedback  # noqa: E402
from lecturekit import homework as hw  # noqa: E402

MUTANTS = load_mutants()
CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))


EXERCISES = [(p.stem, gid) for p in CHAPTERS for gid in exercises(p.stem)]
CASES = [(stem, gid, desc, change) for (stem, gid), items in sorted(MUTANTS.items())
         if (ROOT / "notebooks" / f"{stem}.ipynb").exists() for desc, change in items]


def test_every_exercise_has_registered_wrong_answers():
    covered = {(stem, gid) for stem, gid, _, _ in CASES}
    assert [e for e in EXERCISES if e not in covered] == []


@pytest.mark.parametrize("stem, gid", EXERCISES, ids=[gid for _, gid in EXERCISES])
def test_the_reference_passes_every_visible_test(stem, gid):
    reference, _ = exercises(stem)[gid]
    assert visible_feedback(stem, gid, reference) is None


@pytest.mark.parametrize("stem, gid, desc, change", CASES,
                         ids=[f"{gid}:{desc[:40]}" for _, gid, desc, _ in CASES])
def test_each_registered_wrong_answer_gets_its_own_message(stem, gid, desc, change):
    reference, _ = exercises(stem)[gid]
    message = visible_feedback(stem, gid, hw.mutant_source(reference, change))
    assert message is not None, f"the wrong answer {desc!r} passes every visible test of {gid}"
    assert KNOWN + desc in message, message
    others = [d for (s, g, d, _) in CASES if (s, g) == (stem, gid) and d != desc and KNOWN + d in message]
    assert not others, f"{desc!r} is also named as {others}"
