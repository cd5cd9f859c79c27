"""Every "section N", "§N" and "Exercise N" the course writes points at something that exists.

A chapter renumbered by one edit keeps its old references in sentences nobody touched; a reader sent to
"section 7" for a topic that now lives in section 8 is lost. This file resolves each reference in each
chapter (all cells, prose and code comments) and in its check module against the headings of the chapter
it names: the chapter itself, or the one a "chapter N" / "[Chapter N]" earlier in the same sentence names.
A "§" right after a book's name ("Flach, §7.2", "Bishop §6.2") is the book's and is skipped.

Whether a reference names the right *topic* needs a reader; chapter 9's tests also check that, phrase by
phrase. This file checks what a machine can: the target exists.
"""

import importlib
import inspect
import re

import nbformat
import pytest

from claims_support import ROOT

CHAPTERS = {int(p.name[:2]): p for p in sorted((ROOT / "notebooks").glob("0[1-9]_*.ipynb"))}
SECTION = re.compile(r"\b([Ss]ections?|§)\s*(\d+)(?![.\d]\d)")
EXERCISE = re.compile(r"\bExercises?\s+(\d+)\b")
CHAPTER = re.compile(r"\b[Cc]hapter\s+(\d+)\b")
BOOK = re.compile(r"(Flach|Bishop|Higham|Duda|Hart|Stork|Daum[ée]|CIML|Géron|Raschka|d2l|slides?)\W{0,4}$", re.I)
SENTENCE_END = re.compile(r"(?:[.!?:]\s|\n\s*\n|^#+ )", re.M)


def _text(number):
    nb = nbformat.read(CHAPTERS[number], as_version=4)
    return "\n\n".join(cell.source for cell in nb.cells)


def _headings(text):
    """The numbers of the "## N. Title" sections and of the "### Exercise N" headings."""
    return (set(re.findall(r"^## (\d+)\. ", text, flags=re.M)),
            set(re.findall(r"^#+ .*?Exercise (\d+)", text, flags=re.M)))


HEADINGS = {n: _headings(_text(n)) for n in CHAPTERS}


def _target_chapter(text, at, own):
    """The chapter a reference at ``at`` is about: the last "chapter N" of its sentence before it, else ``own``."""
    starts = [m.end() for m in SENTENCE_END.finditer(text, 0, at)]
    sentence = text[(starts[-1] if starts else 0):at]
    named = CHAPTER.findall(sentence)
    return int(named[-1]) if named else own


def unresolved(text, own, seen=None):
    """The references of ``text`` (written in chapter ``own``) whose target does not exist, with their context;
    every reference resolved is appended to ``seen`` when given."""
    bad = []
    for kind, pattern, group, which in (("section", SECTION, 2, 0), ("exercise", EXERCISE, 1, 1)):
        for m in pattern.finditer(text):
            if kind == "section" and m.group(1) == "§" and BOOK.search(text[max(0, m.start() - 24):m.start()]):
                continue
            if BOOK.search(text[max(0, m.start() - 24):m.start()].rstrip("'s ,")):
                continue
            chapter = _target_chapter(text, m.start(), own)
            if chapter not in HEADINGS or m.group(group) not in HEADINGS[chapter][which]:
                bad.append((kind, chapter, m.group(group), text[max(0, m.start() - 70):m.end() + 30]))
            elif seen is not None:
                seen.append((kind, chapter, m.group(group)))
    for m in CHAPTER.finditer(text):
        if int(m.group(1)) not in CHAPTERS:
            bad.append(("chapter", int(m.group(1)), "", text[max(0, m.start() - 70):m.end() + 30]))
    return bad


@pytest.mark.parametrize("number", sorted(CHAPTERS))
def test_every_reference_in_the_chapter_and_its_check_resolves(number):
    text = _text(number)
    check = inspect.getsource(importlib.import_module(f"lecturekit.exercises.ch{number:02d}"))
    assert HEADINGS[number][0], "the chapter has numbered sections"
    assert unresolved(text, number) == []
    assert unresolved(check, number) == []


def test_the_resolver_catches_a_missing_section_an_exercise_and_another_chapters_section():
    """Each kind of wrong reference is reported; right ones, a book's §, and a reference resolved in the
    chapter its sentence names are not. The chapters hold over 150 references that resolve, and point into
    every chapter, so the test above checks something."""
    seen = []
    for number in CHAPTERS:
        unresolved(_text(number), number, seen)
    assert len(seen) >= 150 and sum(1 for kind, chapter, _ in seen if kind == "exercise") >= 10
    assert len({chapter for _, chapter, _ in seen}) == len(CHAPTERS)
    sections_1 = HEADINGS[1][0]
    beyond = str(max(int(s) for s in sections_1) + 1)
    assert unresolved(f"As section {beyond} shows, w is normal to the line.", 1) != []
    assert unresolved("Exercise 42 asks for a margin.", 1) != []
    assert unresolved("Chapter 12 proves it.", 1) != []
    assert unresolved("As section 1 shows, w is normal to the line.", 1) == []
    assert unresolved("Flach, §99 says otherwise.", 1) == []
    last_of_4 = max(int(s) for s in HEADINGS[4][0])
    assert last_of_4 > int(max(sections_1, key=int))      # chapter 4 has a section chapter 1 lacks
    assert unresolved(f"Chapter 4's section {last_of_4} shows it.", 1) == []
    assert unresolved(f"Section {last_of_4} shows it.", 1) != []
