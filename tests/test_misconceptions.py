"""The registered wrong answers are a catalogue of misconceptions, and the
learner is told which one their answer looks like.

For every exercise of every chapter, the reference solution passes the
exercise's visible tests, and every registered wrong answer
(tests/homework_fixtures: mutants.py and chapter_mutants/chNN.py), pasted in
as the learner's answer, fails a visible test whose message names it: "This
looks like a known mistake: <its message>", the message being the one the
check's catalogue holds for the misconception id the mutant names (or, in the
older form, the mutant's description written out).  A wrong answer that no
misconception describes is registered as "fails: <words>": its feedback says
those words and names no known mistake. Visible tests run as the
learner runs them: the chapter's import cell, the answer cell, then the test
cells with their hidden parts removed, in a fresh namespace.

(Each chapter's tests/test_chapter_NN.py also checks that an unrelated wrong
answer gets the generic message, with a wrong answer written for that exercise.)
"""

import pytest

pytest.importorskip("nbformat")
from exercise_support import KNOWN, ROOT, catalogue, exercises, load_mutants, visible_feedback  # noqa: E402
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
    """A wrong answer registered by a misconception's id gets the message the check's
    catalogue holds for that id; one registered with its message written out, that message."""
    reference, _ = exercises(stem)[gid]
    source = hw.mutant_source(reference, change)
    message = visible_feedback(stem, gid, source)
    assert message is not None, f"the wrong answer {desc!r} passes every visible test of {gid}"
    offered = catalogue(stem, gid, source)
    assert named(desc, offered, message), message
    others = [d for (s, g, d, _) in CASES if (s, g) == (stem, gid) and d != desc and named(d, offered, message)]
    assert not others, f"{desc!r} is also named as {others}"


# A wrong answer that no catalogued misconception describes is registered as "fails: <words of the failure>": its
# feedback must hold those words and must not claim to know the mistake (no "This looks like a known mistake").
FAILS = "fails: "


def named(description, offered, message):
    """True if the feedback names this registered wrong answer's misconception (for a "fails: ..." entry: says
    what it fails, and names no misconception)."""
    if description.startswith(FAILS):
        return description[len(FAILS):] in message and KNOWN not in message
    mid = hw.misconception_id(description)
    if mid is not None and mid not in offered:  # a misconception this answer's probes never offered
        return False
    return any(KNOWN + text in message for text in hw.mutant_messages(description, offered))


# --------------------------------------------------------------------------
# the mechanism: a mutant names a misconception by id, the check's catalogue gives the message
# --------------------------------------------------------------------------

from lecturekit.exercises import Mistake, exercise  # noqa: E402

STRICT = Mistake("strict-test", 0.0, "`<` instead of `<=`: a score of 0 is not a mistake")


@exercise("ch98-catalogue", number=1, title="a catalogue", points=1, kind="reproduce", hint="h")
def _catalogue_check(t, f):
    t.check(lambda: f(0.0), 1.0, call="`f(0)`", misconceptions=[STRICT])
    if not t.check_true(f(2.0) == 2.0, what="`f(2) == 2`", mistake=Mistake("doubled", None, "doubles")):
        return
    t.check(lambda: f(-1.0), -1.0, call="`f(-1)`", misconceptions=[Mistake("abs", 1.0, "takes `abs`")])


@exercise("ch98-two-messages", number=2, title="one id, two messages", points=1, kind="reproduce", hint="h")
def _two_messages(t, f):
    t.check(f(1), 1, call="f(1)", misconceptions=[Mistake("same", 0, "said one way")])
    t.check(f(2), 2, call="f(2)", misconceptions=[Mistake("same", 0, "said `another` way")])
    t.check(f(3), 3, call="f(3)", misconceptions=[Mistake("same", 0, "said one way")])


def test_the_catalogue_is_every_misconception_the_check_offers_passed_or_not():
    def right(x):
        return 1.0 if x == 0 else x

    def doubles(x):
        return 2 * x

    assert hw.misconceptions_offered("ch98-catalogue", right) == {
        "strict-test": [STRICT.message], "doubled": ["doubles"], "abs": ["takes `abs`"]}
    # a probe that stops the check early: what was offered before it still counts
    assert hw.misconceptions_offered("ch98-catalogue", doubles) == {"strict-test": [STRICT.message],
                                                                     "doubled": ["doubles"]}
    # an answer the check cannot even call
    assert hw.misconceptions_offered("ch98-catalogue", None) == {"strict-test": [STRICT.message]}


def test_one_misconception_worded_on_two_probes_keeps_both_wordings_once_each():
    offered = hw.misconceptions_offered("ch98-two-messages", lambda x: x)
    assert offered == {"same": ["said one way", "said `another` way"]}
    assert hw.mutant_messages("same", offered) == ["said one way", "said another way"]


def test_a_mutant_names_a_misconception_by_id_or_by_its_message():
    offered = {"strict-test": [STRICT.message], "abs": ["takes `abs`"]}
    assert hw.mutant_messages("strict-test", offered) == ["< instead of <=: a score of 0 is not a mistake"]
    assert hw.mutant_messages("abs", offered) == ["takes abs"]              # as the learner reads it
    written = "the learning rate is ignored"
    assert hw.mutant_messages(written, offered) == [written]                  # the older form, as it is
    with pytest.raises(ValueError, match=r"misconception 'stirct-test', which the check of ch98-catalogue does "
                                         r"not offer \(its ids: abs, strict-test\)"):
        hw.mutant_messages("stirct-test", offered, exercise="ch98-catalogue")


def test_every_registered_description_is_either_an_id_or_a_message_with_a_space():
    # the two forms cannot be confused: an id is one hyphenated word, a message has a space
    for _, _, desc, _ in CASES:
        assert (hw.misconception_id(desc) is None) == (" " in desc), desc
