"""Test helpers shared by test_bayes, test_surrogates and test_calibration (chapter 06)."""

import numpy as np

from rankviz.permutations import all_permutations

# the counterexample family of the chapter: a = (0, 0, 1) with probability w, b = (1, 1, 0)
AB = np.array([[0, 0, 1], [1, 1, 0]])


def random_distribution(rng, k, sparse=False):
    """A random distribution over k label vectors (with sparse=True, on at most 3 of them)."""
    probs = np.zeros(k)
    if sparse:
        support = rng.choice(k, size=min(k, 3), replace=False)
        probs[support] = rng.dirichlet(np.ones(support.size))
        return probs
    return rng.dirichlet(np.ones(k))


def direct_risks(loss, labels, probs):
    """The conditional risk by the definition: a double loop over permutations and labels."""
    n = np.asarray(labels).shape[1]
    return np.array(
        [
            sum(p * float(loss(sigma, y)) for p, y in zip(probs, labels, strict=True))
            for sigma in all_permutations(n)
        ]
    )
