# The collection's commands.  `make lab` and `make test` create .venv on first
# use from the lock (requirements/lock.txt) and re-install when pyproject.toml
# or the lock changes, so a fresh clone needs only Python >= 3.10, make and the
# package index.
#
#   make lab          open JupyterLab on notebooks/ (localhost only, token on)
#   make test         rankviz tests, docstring examples, every notebook under
#                     nbval, and the browser tests (when Chromium is installed)
#   make test-fast    the inner loop, about a minute: unit tests and docstring
#                     examples, without what is marked `slow` (notebooks, the
#                     browser, the website, the mutant runs, the longest units)
#   make test-latest  drift check: the same tests (browser tests aside) in a
#                     fresh venv with the newest releases, no lock
#   make test-oldest  drift check: the same in a fresh venv with exactly the
#                     lower bounds of pyproject.toml, on the oldest Python
#   make lock         regenerate the lock from pyproject.toml (with uv)
#   make bench        the benchmark tables (speed targets of the issues)
#   make site         the course website (lectures and stored notebooks) in build/site
#   make serve-site   serve build/site on http://127.0.0.1:8000 to read it locally
#   make pdf          the course as one PDF and the classroom deck as a handout, in
#                     build/pdf, printed from build/site by headless Chromium (the
#                     site is built first when it is missing or older than its sources)
#   make lint         ruff (lint, and format --check) on the module, tests,
#                     benchmarks, notebooks and site
#   make execute      re-run every notebook in place (after changing rankviz)
#   make clean        remove the virtual environments and caches

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.rankviz-installed
PORT   ?= 8888

# The lock: exact versions of every package, for every Python >= 3.10 (one
# universal file with environment markers).  The stored notebook outputs were
# made with it; pip uses it as a constraints file.
LOCK        := requirements/lock.txt
# The tool that writes it, pinned, in a small venv of its own.
UV_VERSION  := 0.13.9
TOOLS       := .venv-tools
UV          := $(TOOLS)/bin/uv
LOCK_PYTHON := 3.10

# The drift checks build their own venvs, afresh on every run.
LATEST_PYTHON ?= $(PYTHON)
OLDEST_PYTHON ?= python3.10
LATEST_VENV   := .venv-latest
OLDEST_VENV   := .venv-oldest
# unit tests, doctests and every notebook under nbval; the browser tests are optional there
DRIFT_TESTS   := -m pytest --ignore=tests/browser

.PHONY: lab test test-fast test-latest test-oldest lock bench lint execute clean venv site serve-site pdf

venv: $(STAMP)

# $(call check_python,INTERPRETER,TARGET,VARIABLE): a shell command that fails with a hint
# unless INTERPRETER runs and is a Python >= 3.10.
check_python = $(1) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' 2>/dev/null || \
  { echo "make $(2) needs Python >= 3.10, and '$(1)' is not one ($$($(1) --version 2>&1 | head -n 1))."; \
    echo "Name one: make $(2) $(3)=/path/to/python3.10"; exit 1; }

$(STAMP): pyproject.toml $(LOCK)
	@$(call check_python,$(PYTHON),$(or $(MAKECMDGOALS),lab),PYTHON)
	@echo "Installing the course's packages into $(VENV) from $(LOCK): about 3 minutes the first time"
	@echo "(about 170 packages, 1.3 GB); later runs skip this until pyproject.toml or the lock changes."
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || \
	  { echo "Could not create $(VENV): install your Python's venv module (Debian/Ubuntu: apt install python3-venv)."; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --constraint $(LOCK) -e ".[dev]"
	@touch $(STAMP)

# JupyterLab refuses to start as root (containers, CI) unless told it may.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

# root_dir is the checkout (the notebooks link to ../lectures/); the link JupyterLab
# prints, and its file browser, open on notebooks/.  JupyterLab's own default_url
# (LabApp, not ServerApp) decides where that link points.
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) $(ALLOW_ROOT) \
	  --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb

test: $(STAMP)
	$(BIN)/python -m pytest

# The `slow` marker (pyproject.toml) is set on the notebooks, the browser and website tests
# and the mutant runs by conftest.py, and on the longest other tests in their files.
test-fast: $(STAMP)
	$(BIN)/python -m pytest -m "not slow"

$(UV):
	@$(call check_python,$(PYTHON),lock,PYTHON)
	$(PYTHON) -m venv $(TOOLS)
	$(TOOLS)/bin/python -m pip install --quiet "uv==$(UV_VERSION)"

# Resolve every dependency of pyproject.toml (with the dev extra) afresh, to the newest
# versions the package index has today, for every Python the README supports.
# `make lock LOCK_UPGRADE=` keeps every version the lock already pins and only adds what a new
# dependency needs (the stored outputs stay valid).
LOCK_UPGRADE ?= --upgrade
lock: $(UV)
	$(UV) pip compile pyproject.toml --extra dev --universal --python-version $(LOCK_PYTHON) \
	  $(LOCK_UPGRADE) --custom-compile-command "make lock" --output-file $(LOCK)

test-latest:
	@$(call check_python,$(LATEST_PYTHON),test-latest,LATEST_PYTHON)
	rm -rf $(LATEST_VENV)
	$(LATEST_PYTHON) -m venv $(LATEST_VENV)
	$(LATEST_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST_VENV)/bin/python -m pip install --quiet --upgrade -e ".[dev]"
	$(LATEST_VENV)/bin/python -m rankviz doctor
	$(LATEST_VENV)/bin/python $(DRIFT_TESTS)

# uv's lowest-direct resolution: every package pyproject.toml names at exactly its lower
# bound, the packages they pull in at the newest versions compatible with them.
test-oldest: $(UV)
	@$(call check_python,$(OLDEST_PYTHON),test-oldest,OLDEST_PYTHON)
	rm -rf $(OLDEST_VENV)
	$(OLDEST_PYTHON) -m venv $(OLDEST_VENV)
	$(UV) pip compile pyproject.toml --extra dev --resolution lowest-direct --quiet \
	  --python $(OLDEST_VENV)/bin/python --output-file $(OLDEST_VENV)/requirements.txt
	$(OLDEST_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(OLDEST_VENV)/bin/python -m pip install --quiet --requirement $(OLDEST_VENV)/requirements.txt
	$(OLDEST_VENV)/bin/python -m pip install --quiet --no-deps -e .
	$(OLDEST_VENV)/bin/python -m rankviz doctor
	$(OLDEST_VENV)/bin/python $(DRIFT_TESTS)

bench: $(STAMP)
	@for script in benchmarks/bench_*.py; do \
	  echo "== $$script"; $(BIN)/python $$script || exit 1; echo; done

# The website: Sphinx + MyST-NB from lectures/ and the stored notebooks (never re-executed),
# warnings as errors, no network (site/build.py).  REPOSITORY=https://github.com/OWNER/REPO
# adds a Binder launch button to every notebook page.
SITE_OUT   ?= build/site
SITE_PORT  ?= 8000
REPOSITORY ?=

site: $(STAMP)
	RANKVIZ_SITE_REPOSITORY="$(REPOSITORY)" $(BIN)/python site/build.py --out $(SITE_OUT)

# The course as PDFs (site/pdf.py): the pages of the built site printed by the Chromium the
# browser tests use, offline, and joined with pypdf.  The site is rebuilt first when it is
# missing or older than any of its sources (a failed build leaves no index.html behind).
PDF_OUT      ?= build/pdf
SITE_SOURCES := README.md $(shell find site lectures notebooks -type f -not -name '*.pyc' \
                  -not -path '*/.ipynb_checkpoints/*' -not -name pdf.py 2>/dev/null)

$(SITE_OUT)/index.html: $(STAMP) $(SITE_SOURCES)
	RANKVIZ_SITE_REPOSITORY="$(REPOSITORY)" $(BIN)/python site/build.py --out $(SITE_OUT) \
	  || { rm -f $@; exit 1; }

pdf: $(SITE_OUT)/index.html
	$(BIN)/python site/pdf.py --site $(SITE_OUT) --out $(PDF_OUT)

serve-site:
	@test -f $(SITE_OUT)/index.html || { echo "No site in $(SITE_OUT): run make site first."; exit 1; }
	@echo "Serving $(SITE_OUT) on http://127.0.0.1:$(SITE_PORT)/ (Ctrl-C stops it)"
	$(if $(wildcard $(BIN)/python),$(BIN)/python,$(PYTHON)) -m http.server --bind 127.0.0.1 \
	  --directory $(SITE_OUT) $(SITE_PORT)

# What ruff reads (pyproject.toml's [tool.ruff.format] leaves the notebooks' layout alone).
LINTED := conftest.py rankviz tests benchmarks notebooks site

lint: $(STAMP)
	$(BIN)/ruff check $(LINTED)
	$(BIN)/ruff format --check $(LINTED)

execute: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.timeout=600 notebooks/*.ipynb

clean:
	rm -rf $(VENV) $(TOOLS) $(LATEST_VENV) $(OLDEST_VENV) build *.egg-info rankviz.egg-info \
	  .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
