"""The claims a chapter makes, kept under test.

A sentence of a chapter (prose, questions, answers, exercise text) that says
"always", "never", "only", "every", "the rule", or states a direction of
change ("shrinks", "moves into") is a claim about all data.  Each chapter's
test file keeps a table of them::

    CLAIMS = {
        # a fragment of the sentence, exactly as the notebook has it: the test that guards it
        "a converged perceptron never has a training point on its boundary": "test_converged_has_no_point_on_boundary",
    }
    SHOWN = [
        # sentences with such a word that claim nothing general (a definition, or limited
        # to the example: "on this data set ..."), each reviewed
        "only the import cell",
    ]

and calls :func:`check_claims` from two tests.  Every sentence of the chapter
that contains one of the words in :data:`GENERAL` must contain a fragment of
``CLAIMS`` or ``SHOWN``; every ``CLAIMS`` fragment must still be in the
chapter (editing the sentence fails the test) and name a test function of the
chapter's test file that exists.  The guarding test searches for a
counterexample (hypothesis, degenerate and adversarial data), so breaking the
claim fails it.
"""

import re
from functools import cache
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]

#: Words that make a sentence a claim about all data.
GENERAL = re.compile(
    r"\b(always|never|only|every|everywhere|the rule|cannot|impossible|guarantee[sd]?|"
    r"shrinks?|moves? into)\b", re.IGNORECASE)


def _normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


@cache
def chapter_text(stem: str) -> str:
    """The markdown of a chapter (prose, questions with answers, exercises), one string."""
    nb = nbformat.read(ROOT / "notebooks" / f"{stem}.ipynb", as_version=4)
    return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def sentences(stem: str) -> list[str]:
    """The chapter's sentences: markdown split at sentence ends, list items and paragraphs;
    code blocks, HTML tags and display math dropped."""
    text = chapter_text(stem)
    text = re.sub(r"```.*?```", " ", text, flags=re.S)
    text = re.sub(r"\$\$.*?\$\$", " (formula) ", text, flags=re.S)
    text = re.sub(r"</?[A-Za-z][A-Za-z0-9-]*(\s[^<>]*)?/?>", " ", text)  # HTML tags, not a < b > c
    pieces = re.split(r"\n\s*\n|\n\s*[-*] |\n\s*\d+\. |\n#+ |(?<=[.!?])\s+(?=[A-Z(*])", text)
    return [_normalise(p) for p in pieces if _normalise(p)]


def general_sentences(stem: str) -> list[str]:
    """The sentences that contain a word of :data:`GENERAL`."""
    return [s for s in sentences(stem) if GENERAL.search(s)]


def check_claims(stem: str, claims: dict, shown: list, module) -> list[str]:
    """Problems with a chapter's claims table (an empty list when all is well)."""
    problems = []
    text = _normalise(chapter_text(stem))
    for fragment, test_name in claims.items():
        if _normalise(fragment) not in text:
            problems.append(f"claim no longer in the chapter (edit CLAIMS with the sentence): {fragment!r}")
        if not callable(getattr(module, test_name, None)):
            problems.append(f"claim {fragment!r} names {test_name!r}, which is not a test in this file")
    for fragment in shown:
        if _normalise(fragment) not in text:
            problems.append(f"SHOWN sentence no longer in the chapter: {fragment!r}")
    known = [_normalise(f) for f in (*claims, *shown)]
    for sentence in general_sentences(stem):
        if not any(f in sentence for f in known):
            problems.append(f"general claim with no test and not marked as shown: {sentence!r}")
    return problems
