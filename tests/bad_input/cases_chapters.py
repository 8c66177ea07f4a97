"""Bad-input cases for the chapter registry (rankviz/chapters.py)."""

from bad_input.harness import Call, Case
from rankviz.chapters import chapter, chapter_table

CASES = {
    "rankviz.chapters.chapter": Case(lambda: Call(chapter, 2)),
    "rankviz.chapters.chapter_table": Case(lambda: Call(chapter_table)),
}

RESULT_TYPES = {
    "rankviz.chapters.Chapter": "the registry's records (rankviz.chapters.COURSE)",
}
