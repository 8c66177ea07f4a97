"""Build the course website: ``make site``, or ``python site/build.py [--out DIR]``.

Sphinx reads one source folder, so the build first *stages* the parts of the repository the
site is made of into ``build/site-src/``:

* this folder: ``conf.py``, ``coursesite.py`` (the project's small Sphinx extension), the
  landing page ``index.md``, the bibliography ``references.bib`` and its page;
* ``lectures/`` and ``notebooks/``, so that the links between them (``../notebooks/X.ipynb``
  in a lecture, ``../lectures/X.md`` in a notebook) resolve as they do on GitHub;
* ``README.md``, whose chapter table the landing page includes (it is not a page of its own).

The API reference, ``api/``, is not staged: ``apipages.py`` writes its pages into the staged
folder when Sphinx starts, from the ``rankviz`` that Python imports.

The notebooks are copied with their stored outputs and never executed
(``nb_execution_mode = "off"`` in ``conf.py``): the outputs the site shows are the ones nbval
checks. Only their ``widgets`` metadata is dropped: it is the state of live dashboards, which
a static page cannot run (``coursesite`` puts a note where each dashboard would be).

Warnings are errors (``-W --keep-going``): a broken cross-reference, a missing image or an
unknown citation fails the build after listing every such problem. Nothing is fetched from the
network: the theme, its fonts and MathJax come from installed packages.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "site"
DEFAULT_OUT = ROOT / "build" / "site"
STAGING = ROOT / "build" / "site-src"
# What the site is built from, relative to the repository root.
SOURCES = ("lectures", "notebooks", "README.md")


def stage(staging: Path = STAGING) -> Path:
    """Copy the site's sources into ``staging`` (emptied first) and return it."""
    if staging.exists():
        shutil.rmtree(staging)
    shutil.copytree(SITE, staging, ignore=shutil.ignore_patterns("__pycache__", "build.py"))
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source, staging / name, ignore=shutil.ignore_patterns(".ipynb_checkpoints")
            )
        else:
            shutil.copy2(source, staging / name)
    for notebook in sorted((staging / "notebooks").glob("*.ipynb")):
        content = json.loads(notebook.read_text(encoding="utf-8"))
        content.get("metadata", {}).pop("widgets", None)
        notebook.write_text(
            json.dumps(content, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
        )
    return staging


def build(out: Path = DEFAULT_OUT, *, staging: Path = STAGING, quiet: bool = True) -> int:
    """Stage the sources and build the HTML site into ``out``; return Sphinx's exit status."""
    from sphinx.cmd.build import build_main

    stage(staging)
    if out.exists():
        shutil.rmtree(out)
    args = [
        "-b",
        "html",
        "-W",
        "--keep-going",
        "-E",
        "-d",
        str(staging / ".doctrees"),
        str(staging),
        str(out),
    ]
    if quiet:
        args.insert(0, "-q")
    return build_main(args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help=f"where the site goes (default: {DEFAULT_OUT.relative_to(ROOT)})",
    )
    parser.add_argument(
        "--staging", type=Path, default=STAGING, help="where the sources are staged (emptied first)"
    )
    parser.add_argument("--verbose", action="store_true", help="print Sphinx's progress")
    options = parser.parse_args(argv)
    status = build(
        options.out.resolve(), staging=options.staging.resolve(), quiet=not options.verbose
    )
    if status == 0:
        print(f"The site is in {options.out}: open {options.out / 'index.html'}")
    return status


if __name__ == "__main__":
    sys.exit(main())
