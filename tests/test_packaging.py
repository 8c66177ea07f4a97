"""The project's own files agree with each other: one package list, one test command."""

import re
import sys
from pathlib import Path

import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

ROOT = Path(__file__).resolve().parents[1]


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~ \[;]", requirement.strip(), maxsplit=1)[0].lower().replace("_", "-")


def _spec(requirement: str) -> str:
    """A requirement without its environment marker and spaces."""
    return requirement.split(";")[0].replace(" ", "")


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def _conda_specs() -> dict[str, str]:
    """Every package environment.yml installs: conda's list plus its pip section (a package
    that conda-forge lacks goes there), without the local checkout."""
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    specs = {}
    for dep in env["dependencies"]:
        entries = dep.get("pip", []) if isinstance(dep, dict) else [dep]
        for entry in entries:
            if not entry.startswith("-"):
                specs[_name(entry)] = entry.replace(" ", "")
    return specs


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


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    assert "make test" in readme and "make lab" in readme
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test$", ci, flags=re.MULTILINE)


def test_makefile_targets():
    makefile = (ROOT / "Makefile").read_text()
    for target in ("lab", "test", "bench", "lint", "clean", "execute"):
        assert re.search(rf"^{target}:", makefile, flags=re.MULTILINE), target
    assert "--ServerApp.ip=127.0.0.1" in makefile
    assert "token=" not in makefile.lower()  # the token stays on: never set it empty


def test_pytest_runs_tests_doctests_and_notebooks():
    options = _pyproject()["tool"]["pytest"]["ini_options"]
    assert options["testpaths"] == ["tests", "rankviz", "notebooks"]
    assert "--nbval" in options["addopts"] and "--doctest-modules" in options["addopts"]
    assert any(o.startswith("--nbval-sanitize-with=") for o in options["addopts"])
