# The collection's commands.  Each target creates .venv on first use (and
# re-installs when pyproject.toml changes), so a fresh clone needs only
# Python >= 3.10 and make.
#
#   make lab     open JupyterLab on notebooks/ (localhost only, token on)
#   make test    rankviz tests, docstring examples, every notebook under nbval
#   make bench   the benchmark tables (speed targets of the issues)
#   make lint    ruff on the module, tests, benchmarks and notebooks
#   make execute re-run every notebook in place (after changing rankviz)
#   make clean   remove .venv and caches

PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.rankviz-installed
PORT   ?= 8888

.PHONY: lab test bench lint execute clean venv

venv: $(STAMP)

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' || \
	  { echo "rankviz needs Python >= 3.10; '$(PYTHON)' is $$($(PYTHON) --version 2>&1). Use: make PYTHON=python3.11 ..."; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV) || \
	  { echo "Could not create $(VENV): install your Python's venv module (Debian/Ubuntu: apt install python3-venv)."; exit 1; }
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	@touch $(STAMP)

# JupyterLab refuses to start as root (containers, CI) unless told it may.
ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root,)

lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.ip=127.0.0.1 --ServerApp.port=$(PORT) $(ALLOW_ROOT) \
	  --ServerApp.root_dir=. --ServerApp.default_url=/lab/tree/notebooks

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	@for script in benchmarks/bench_*.py; do \
	  echo "== $$script"; $(BIN)/python $$script || exit 1; echo; done

lint: $(STAMP)
	$(BIN)/ruff check rankviz tests benchmarks notebooks

execute: $(STAMP)
	$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
	  --ExecutePreprocessor.timeout=600 notebooks/*.ipynb

clean:
	rm -rf $(VENV) build *.egg-info rankviz.egg-info .pytest_cache .ruff_cache .hypothesis
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
