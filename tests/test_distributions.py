"""rankviz.distributions.Binormal: closed forms against quadrature and Monte Carlo."""

import numpy as np
import pytest
from scipy import integrate, stats

from rankviz.distributions import Binormal
from rankviz.metrics import auc, roc_curve

MODELS = [
    Binormal(1.0, 1.0, 0.0, 1.0, 0.3),
    Binormal(0.5, 2.0, -0.5, 0.5, 0.1),
    Binormal(-1.0, 0.7, 0.0, 1.3, 0.8),  # AUC below one half
]


@pytest.mark.parametrize("model", MODELS)
def test_auc_closed_form_matches_quadrature(model):
    # P(S+ > S-) = integral of P(S+ > t) f_-(t) dt
    value, _ = integrate.quad(
        lambda t: (
            stats.norm.sf(t, model.mu_pos, model.sigma_pos)
            * stats.norm.pdf(t, model.mu_neg, model.sigma_neg)
        ),
        -np.inf,
        np.inf,
    )
    assert model.auc() == pytest.approx(value, abs=1e-9)


@pytest.mark.parametrize("model", MODELS)
def test_auc_closed_form_matches_monte_carlo(model):
    y, s = model.sample(200_000, rng=1)
    m, n = y.sum(), y.size - y.sum()
    standard_error = np.sqrt(0.25 * (1 / m + 1 / n))  # crude upper bound on the AUC's s.e.
    assert abs(auc(y, s) - model.auc()) < 4 * standard_error


@pytest.mark.parametrize("model", MODELS)
def test_exact_roc_matches_a_large_sample(model):
    y, s = model.sample(100_000, rng=2)
    fpr, tpr, _ = roc_curve(y, s)
    grid = np.linspace(0.01, 0.99, 50)
    sampled = np.interp(grid, fpr, tpr)
    assert np.max(np.abs(sampled - model.roc(grid))) < 0.02


@pytest.mark.parametrize("model", MODELS)
def test_roc_is_the_rates_curve_reparametrised(model):
    thresholds = np.linspace(-4, 4, 33)
    fpr, tpr = model.rates(thresholds)
    np.testing.assert_allclose(model.roc(fpr), tpr, atol=1e-9)
    assert model.roc([0.0, 1.0]).tolist() == [0.0, 1.0]


@pytest.mark.parametrize("model", MODELS)
def test_rates_match_sample_proportions(model):
    y, s = model.sample(200_000, rng=3)
    fpr, tpr = model.rates(0.25)
    assert np.mean(s[y == 0] >= 0.25) == pytest.approx(fpr, abs=0.01)
    assert np.mean(s[y == 1] >= 0.25) == pytest.approx(tpr, abs=0.01)


@pytest.mark.parametrize("model", MODELS)
def test_precision_curve_and_precision_at_threshold_agree(model):
    thresholds = np.linspace(-2, 2, 9)
    fpr, tpr = model.rates(thresholds)
    recall, precision = model.precision_recall(fpr)
    np.testing.assert_allclose(recall, tpr, atol=1e-9)
    np.testing.assert_allclose(precision, model.precision_at(thresholds), rtol=1e-9)
    y, s = model.sample(200_000, rng=4)
    predicted = s >= 0.0
    assert np.mean(y[predicted]) == pytest.approx(model.precision_at(0.0), abs=0.01)


def test_precision_moves_with_prevalence_but_roc_does_not():
    a = Binormal(1.0, 1.0, 0.0, 1.0, prevalence=0.5)
    b = Binormal(1.0, 1.0, 0.0, 1.0, prevalence=0.05)
    grid = np.linspace(0.01, 1, 20)
    np.testing.assert_array_equal(a.roc(grid), b.roc(grid))
    assert a.auc() == b.auc()
    assert np.all(b.precision_recall(grid)[1] < a.precision_recall(grid)[1])


def test_precision_is_undefined_when_nothing_is_predicted_positive():
    with pytest.raises(ValueError, match="threshold 100 predicts nothing positive"):
        Binormal(0.0, 1.0, 0.0, 1.0).precision_at(100.0)
    with pytest.raises(ValueError, match="threshold 100 predicts nothing positive"):
        Binormal(0.0, 1.0, 0.0, 1.0).precision_at([0.0, 100.0])


@pytest.mark.parametrize("model", MODELS)
def test_densities_integrate_to_one(model):
    x = np.linspace(-20, 20, 200_001)
    assert integrate.trapezoid(model.pdf_pos(x), x) == pytest.approx(1.0, abs=1e-6)
    assert integrate.trapezoid(model.pdf_neg(x), x) == pytest.approx(1.0, abs=1e-6)
    np.testing.assert_allclose(
        model.pdf_pos(x[::1000]), stats.norm.pdf(x[::1000], model.mu_pos, model.sigma_pos)
    )


def test_sampling_is_reproducible_and_accepts_generators():
    model = MODELS[0]
    y1, s1 = model.sample(50, rng=7)
    y2, s2 = model.sample(50, rng=np.random.default_rng(7))
    np.testing.assert_array_equal(y1, y2)
    np.testing.assert_array_equal(s1, s2)
    assert set(np.unique(y1)) <= {0, 1}


@pytest.mark.parametrize(
    ("n", "prevalence", "expected"),
    [(10, 0.2, 2), (20, 0.02, 1), (20, 0.98, 19), (2, 0.5, 1), (101, 0.5, 50)],
)
def test_stratified_sampling_has_both_classes(n, prevalence, expected):
    y, _ = Binormal(1.0, 1.0, 0.0, 1.0, prevalence).sample(n, rng=0, stratified=True)
    assert int(y.sum()) == expected


def test_stratified_sample_scores_follow_their_class():
    model = Binormal(5.0, 0.1, -5.0, 0.1, 0.5)
    y, s = model.sample(100, rng=0, stratified=True)
    assert np.all(s[y == 1] > 4) and np.all(s[y == 0] < -4)


def test_sample_classes_shapes_and_moments():
    pos, neg = MODELS[1].sample_classes(50_000, 40_000, rng=5)
    assert pos.shape == (50_000,) and neg.shape == (40_000,)
    assert pos.mean() == pytest.approx(0.5, abs=0.05) and pos.std() == pytest.approx(2.0, abs=0.05)
    assert neg.mean() == pytest.approx(-0.5, abs=0.02) and neg.std() == pytest.approx(0.5, abs=0.02)


def test_model_is_frozen():
    with pytest.raises(AttributeError):
        MODELS[0].mu_pos = 3.0


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"sigma_pos": 0.0}, ValueError, "sigma_pos must be > 0"),
        ({"sigma_neg": -1.0}, ValueError, "sigma_neg must be > 0"),
        ({"mu_pos": np.nan}, ValueError, "mu_pos must be finite"),
        ({"prevalence": 0.0}, ValueError, "prevalence must lie strictly between 0 and 1"),
        ({"prevalence": 1.0}, ValueError, "prevalence"),
        ({"mu_neg": "0"}, TypeError, "mu_neg must be a real number"),
    ],
)
def test_invalid_parameters(kwargs, error, message):
    params = {"mu_pos": 1.0, "sigma_pos": 1.0, "mu_neg": 0.0, "sigma_neg": 1.0, "prevalence": 0.5}
    with pytest.raises(error, match=message):
        Binormal(**{**params, **kwargs})


def test_invalid_method_arguments():
    model = MODELS[0]
    with pytest.raises(ValueError, match="n must be >= 2"):
        model.sample(1, rng=0)
    with pytest.raises(TypeError, match="n must be an integer"):
        model.sample(10.0, rng=0)
    with pytest.raises(TypeError, match=r"rng must be an int seed or a numpy\.random\.Generator"):
        model.sample(10, rng=None)
    with pytest.raises(ValueError, match="rng must be a non-negative seed"):
        model.sample(10, rng=-1)
    with pytest.raises(ValueError, match="m must be >= 1"):
        model.sample_classes(0, 5, rng=0)
    with pytest.raises(ValueError, match="fpr_grid must lie in"):
        model.roc([0.5, 1.5])
    with pytest.raises(ValueError, match="fpr_grid contains NaN"):
        model.roc([np.nan])
    with pytest.raises(ValueError, match="fpr_grid must be > 0"):
        model.precision_recall([0.0, 0.5])
    with pytest.raises(ValueError, match="threshold contains NaN or infinite"):
        model.rates(np.inf)
    with pytest.raises(ValueError, match="x must be 1-D"):
        model.pdf_pos([[0.0]])


@pytest.mark.parametrize(
    "call, error, message",
    [
        (
            lambda: Binormal(0.0, 1.0, 0.0, 1.0).sample(10**12, 0),
            ValueError,
            "n must be <= 10000000",
        ),
        (
            lambda: Binormal(0.0, 1.0, 0.0, 1.0).sample_classes(10**12, 1, 0),
            ValueError,
            "m must be <= 10000000",
        ),
        (
            lambda: Binormal(0.0, 1.0, 0.0, 1.0).sample(4, 0, stratified="yes"),
            TypeError,
            "stratified must be True or False",
        ),
        (lambda: Binormal(0.0, 1e-200, 0.0, 1.0), ValueError, "sigma_pos must be >= 1e-100"),
        (lambda: Binormal(1e300, 1.0, 0.0, 1.0), ValueError, "mu_pos must be <= 1e[+]100"),
        (
            lambda: Binormal(0.0, 1.0, 0.0, 1.0, prevalence=0.5 + 1j),
            TypeError,
            "prevalence must be",
        ),
    ],
)
def test_sizes_and_scales_beyond_the_limits_are_refused(call, error, message):
    with pytest.raises(error, match=message):
        call()


# ---- the best threshold: against a fine grid of thresholds -------------------------------------


@pytest.mark.parametrize(
    "params",
    [
        (1.0, 1.0, 0.0, 1.0, 0.5),
        (0.0, 2.0, 0.0, 0.5, 0.5),
        (1.0, 1.0, 0.0, 1.0, 0.05),
        (0.5, 0.7, -0.3, 1.6, 0.3),
        (-1.0, 0.7, 0.0, 1.3, 0.6),
        (3.0, 1.0, 0.0, 1.1, 0.2),
    ],
)
def test_best_threshold_beats_every_threshold_of_a_grid(params):
    model = Binormal(*params)
    theta, error = model.best_threshold()
    grid = np.linspace(-15, 15, 300_001)
    errors = model.classification_error(grid)
    assert error <= errors.min() + 1e-12  # no grid threshold errs less
    assert error >= errors.min() - 1e-6 or error <= min(model.prevalence, 1 - model.prevalence)
    if np.isfinite(theta):
        assert np.isclose(model.classification_error(theta), error)
    else:  # a constant classifier is best
        assert error == (model.prevalence if theta > 0 else 1 - model.prevalence)


def test_classification_error_is_the_mixture_of_the_rates():
    model = Binormal(1.0, 1.0, 0.0, 1.0, prevalence=0.3)
    t = np.array([-1.0, 0.5, 2.0])
    expected = 0.3 * stats.norm.cdf(t, loc=1.0) + 0.7 * stats.norm.sf(t, loc=0.0)
    np.testing.assert_allclose(model.classification_error(t), expected, atol=1e-14)
    assert np.isclose(Binormal(1.0, 1.0, 0.0, 1.0, 0.5).best_threshold()[0], 0.5)
