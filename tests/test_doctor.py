"""``python -m rankviz doctor``: reports what is present and a fix for what is not."""

import io
import subprocess
import sys

import pytest

from rankviz import doctor


def run():
    out = io.StringIO()
    status = doctor.main(["doctor"], out=out)
    return status, out.getvalue()


@pytest.mark.slow
def test_this_environment_is_ready():
    status, report = run()
    assert status == 0, report
    assert "Everything a lesson needs is present." in report
    for name in (
        "numpy",
        "cvxpy",
        "CLARABEL",
        "ipywidgets extension",
        "slides extension",
        "python3 kernel",
        "02 ROC curves and the AUC",
    ):
        assert name in report


@pytest.mark.slow
def test_the_command_line_entry_point():
    result = subprocess.run(
        [sys.executable, "-m", "rankviz", "doctor"], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "cvxpy solvers" in result.stdout


def test_a_missing_package_gets_a_one_line_fix(monkeypatch):
    monkeypatch.setattr(doctor, "CHAPTER_CHECKS", {})  # only the part under test
    monkeypatch.setattr(
        doctor,
        "_requirements",
        lambda: [("numpy", "1.0"), ("a-package-that-does-not-exist", "2.0")],
    )
    status, report = run()
    assert status == 1
    assert "1 problem(s) to fix before class" in report
    assert "pip install 'a-package-that-does-not-exist>=2.0'" in report


def test_a_too_old_package_is_reported(monkeypatch):
    monkeypatch.setattr(doctor, "CHAPTER_CHECKS", {})  # only the part under test
    monkeypatch.setattr(doctor, "_requirements", lambda: [("numpy", "999.0")])
    status, report = run()
    assert status == 1
    assert "pip install --upgrade 'numpy>=999.0'" in report


def test_a_missing_lab_extension_is_reported(monkeypatch):
    monkeypatch.setattr(doctor, "CHAPTER_CHECKS", {})  # only the part under test
    monkeypatch.setitem(
        doctor.LAB_EXTENSIONS,
        "slides extension",
        ("no-such-extension", "pip install no-such-extension"),
    )
    status, report = run()
    assert status == 1
    assert "pip install no-such-extension" in report


def test_a_missing_solver_is_reported(monkeypatch):
    monkeypatch.setattr(doctor, "CHAPTER_CHECKS", {})  # only the part under test
    monkeypatch.setattr(doctor, "REQUIRED_SOLVERS", {"NOT_A_SOLVER": "nothing"})
    status, report = run()
    assert status == 1
    assert "pip install not_a_solver" in report


def test_a_failing_chapter_check_is_reported(monkeypatch):
    def broken():
        raise ValueError("the computation went wrong")

    monkeypatch.setattr(doctor, "CHAPTER_CHECKS", {"99 broken chapter": broken})
    status, report = run()
    assert status == 1
    assert "ValueError: the computation went wrong" in report
    assert "99 broken chapter:" in report


def test_unknown_command_is_rejected():
    with pytest.raises(ValueError, match="argv is not a valid command line"):
        doctor.main(["cure"], out=io.StringIO())


def test_an_unknown_command_on_the_command_line_exits_with_the_usage(monkeypatch, capsys):
    monkeypatch.setattr(sys, "argv", ["rankviz", "cure"])
    with pytest.raises(SystemExit) as info:
        doctor.main(out=io.StringIO())
    assert info.value.code == 2
    assert "usage: python -m rankviz" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv, out, message",
    [
        ("doctor", None, "argv must be a list of strings"),
        ([7], None, "argv must be a list of strings"),
        (["doctor"], "stdout", "out must be a text stream"),
    ],
)
def test_bad_arguments_name_the_argument(argv, out, message):
    with pytest.raises(TypeError, match=message):
        doctor.main(argv, out=out)
