"""The project's own files agree with each other: one package list, one test command."""

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]

#: PyPI names whose conda-forge package is named differently.  conda-forge's "playwright"
#: is the Node.js command-line tool; the Python bindings are "playwright-python".
CONDA_FORGE_NAMES = {"playwright": "playwright-python"}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _spec(requirement: str) -> str:
    """A requirement without its environment marker and spaces."""
    return requirement.split(";")[0].replace(" ", "")


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def _conda_specs() -> dict[str, str]:
    """Every package environment.yml installs, keyed and written with its PyPI name: conda's
    list (conda-forge names translated back) plus its pip section (a package that conda-forge
    lacks goes there), without the local checkout."""
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pypi_names = {conda: pypi for pypi, conda in CONDA_FORGE_NAMES.items()}
    specs = {}
    for dep in env["dependencies"]:
        from_pip = isinstance(dep, dict)
        for entry in dep.get("pip", []) if from_pip else [dep]:
            if entry.startswith("-"):
                continue
            name, spec = _name(entry), entry.replace(" ", "")
            if not from_pip and name in pypi_names:
                spec = pypi_names[name] + spec[len(name) :]
                name = pypi_names[name]
            specs[name] = spec
    return specs


def test_environment_yml_uses_the_conda_forge_names():
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda_names = {_name(d) for d in env["dependencies"] if isinstance(d, str)}
    for pypi, conda in CONDA_FORGE_NAMES.items():
        assert pypi not in conda_names, (
            f"conda-forge's {pypi!r} is not the PyPI package; use {conda!r}"
        )


def test_environment_yml_lists_the_runtime_packages_of_pyproject_with_the_same_bounds():
    runtime = {_name(r): _spec(r) for r in _pyproject()["project"]["dependencies"]}
    dev = {_name(r) for r in _pyproject()["project"]["optional-dependencies"]["dev"]}
    conda = _conda_specs()
    conda_runtime = {k: v for k, v in conda.items() if k not in dev | {"python", "pip"}}
    assert conda_runtime == runtime


def test_environment_yml_has_the_dev_tools_python_and_the_checkout():
    project = _pyproject()["project"]
    conda = _conda_specs()
    dev = {_name(r): _spec(r) for r in project["optional-dependencies"]["dev"]}
    assert {k: conda.get(k) for k in dev} == dev
    assert conda["python"] == "python" + project["requires-python"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    assert env["channels"] == ["conda-forge"]
    pip_sections = [d["pip"] for d in env["dependencies"] if isinstance(d, dict)]
    assert len(pip_sections) == 1 and pip_sections[0][-1] == "-e ."


def test_ci_runs_the_readme_test_command_and_both_drift_checks():
    readme = (ROOT / "README.md").read_text()
    for command in ("make lab", "make test", "make test-latest", "make test-oldest", "make lock"):
        assert command in readme, command
    ci = (ROOT / ".ci" / "run").read_text()
    for target in ("test", "test-latest", "test-oldest"):
        assert re.search(rf"^(time )?make {target}$", ci, flags=re.MULTILINE), target


def test_ci_runs_ruff_before_the_tests():
    """.ci/run fails fast: ruff (lint and format) before the first test runs."""
    ci = (ROOT / ".ci" / "run").read_text()
    lint = re.search(r"^(time )?make lint$", ci, flags=re.MULTILINE)
    test = re.search(r"^(time )?make test$", ci, flags=re.MULTILINE)
    assert lint and test and lint.start() < test.start(), "make lint must come before make test"
    makefile = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^lint:.*\n((?:\t.*\n)+)", makefile, flags=re.MULTILINE).group(1)
    assert "ruff check $(LINTED)" in recipe and "ruff format --check $(LINTED)" in recipe
    linted = re.search(r"^LINTED\s*:=\s*(.+)$", makefile, flags=re.MULTILINE).group(1).split()
    assert {"rankviz", "tests", "notebooks", "site", "benchmarks", "conftest.py"} <= set(linted)


def test_the_fast_loop_is_the_suite_without_what_is_marked_slow():
    """make test-fast runs the default configuration less the `slow` marker; make test all."""
    makefile = (ROOT / "Makefile").read_text()
    fast = re.search(r"^test-fast:.*\n((?:\t.*\n)+)", makefile, flags=re.MULTILINE).group(1)
    assert fast.strip() == '$(BIN)/python -m pytest -m "not slow"', fast
    full = re.search(r"^test:.*\n((?:\t.*\n)+)", makefile, flags=re.MULTILINE).group(1)
    assert full.strip() == "$(BIN)/python -m pytest", full
    assert any(
        m.startswith("slow:") for m in _pyproject()["tool"]["pytest"]["ini_options"]["markers"]
    )


def _pre_commit_hooks() -> list[dict]:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text())
    return [
        dict(hook, repo=repo["repo"], rev=repo.get("rev"))
        for repo in config["repos"]
        for hook in repo["hooks"]
    ]


def test_pre_commit_runs_ruff_at_the_locked_version():
    hooks = {hook["id"]: hook for hook in _pre_commit_hooks()}
    (locked,) = _locked_versions()["ruff"]
    for hook_id in ("ruff-check", "ruff-format"):
        assert hook_id in hooks, f".pre-commit-config.yaml has no {hook_id} hook"
        assert hooks[hook_id]["rev"] == f"v{locked}", (
            f"{hook_id} is pinned to {hooks[hook_id]['rev']}, the lock has ruff {locked}"
        )


def test_no_pre_commit_hook_strips_the_notebooks_outputs():
    """The notebooks are saved with their outputs (nbval compares them, the site shows them)."""
    stripping = re.compile(r"nbstripout|strip|clear[-_]?output|nb-clean", re.IGNORECASE)
    for hook in _pre_commit_hooks():
        where = f"{hook['repo']} {hook['id']} {hook.get('entry', '')} {hook.get('args', '')}"
        assert not stripping.search(where), f"a hook that strips notebook outputs: {where}"


@pytest.mark.slow
def test_the_editable_install_prints_no_setuptools_warning(tmp_path):
    """What `make lab`'s first run builds (an editable wheel of rankviz), built here with this
    environment's setuptools: no warning box, no deprecation (license, package discovery)."""
    pytest.importorskip("setuptools")
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(
        ROOT / "rankviz", tmp_path / "rankviz", ignore=shutil.ignore_patterns("__pycache__")
    )
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    build = (
        "import sys, warnings; warnings.simplefilter('always');"
        "from setuptools import build_meta; build_meta.build_editable(sys.argv[1])"
    )
    result = subprocess.run(
        [sys.executable, "-c", build, str(wheels)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    output = result.stdout + result.stderr
    assert result.returncode == 0, output
    alarming = [
        line.strip()
        for line in output.splitlines()
        if "!!" in line or re.search(r"\w*Warning\b", line) or "deprecat" in line.lower()
    ]
    assert not alarming, "setuptools warns when it builds rankviz:\n" + output


def test_makefile_targets():
    makefile = (ROOT / "Makefile").read_text()
    for target in (
        "lab",
        "test",
        "test-fast",
        "test-latest",
        "test-oldest",
        "lock",
        "bench",
        "lint",
        "clean",
        "execute",
    ):
        assert re.search(rf"^{target}:", makefile, flags=re.MULTILINE), target
    assert "--ServerApp.ip=127.0.0.1" in makefile
    assert "token=" not in makefile.lower()  # the token stays on: never set it empty
    # JupyterLab's own default_url decides where the printed link and the file browser open
    assert "--LabApp.default_url=/lab/tree/notebooks" in makefile
    # make lab and make test install from the lock
    assert re.search(r"pip install .*--constraint \$\(LOCK\) -e \"\.\[dev\]\"", makefile)
    assert re.search(r"^LOCK\s*:=\s*requirements/lock\.txt$", makefile, flags=re.MULTILINE)


def _locked_versions() -> dict[str, list[str]]:
    """Package name -> every version the lock pins (one per group of Python versions)."""
    pins: dict[str, list[str]] = {}
    for line in (ROOT / "requirements" / "lock.txt").read_text().splitlines():
        match = re.match(r"^([A-Za-z0-9_.\-]+)==([^\s;]+)", line)
        if match:
            pins.setdefault(_name(match.group(1)), []).append(match.group(2))
    return pins


def test_the_lock_pins_every_dependency_within_the_bounds_of_pyproject():
    """Fails when pyproject.toml changed and `make lock` was not run."""
    from packaging.requirements import Requirement

    project = _pyproject()["project"]
    pins = _locked_versions()
    for text in project["dependencies"] + project["optional-dependencies"]["dev"]:
        requirement = Requirement(text)
        name = _name(requirement.name)
        assert name in pins, f"{name} is not in requirements/lock.txt: run make lock"
        for version in pins[name]:
            assert requirement.specifier.contains(version), (
                f"the lock pins {name}=={version}, outside {requirement}: run make lock"
            )


def test_pytest_runs_tests_doctests_and_notebooks():
    options = _pyproject()["tool"]["pytest"]["ini_options"]
    assert options["testpaths"] == ["tests", "rankviz", "notebooks"]
    assert "--nbval" in options["addopts"] and "--doctest-modules" in options["addopts"]
    assert any(o.startswith("--nbval-sanitize-with=") for o in options["addopts"])
