"""The course's algorithms in exact rational arithmetic, as an independent reference.

Written from the pseudocode (Flach Alg. 7.1 and 7.2, Daumé's voted and averaged
perceptron, Duda-Hart-Stork's linear machine, the batch perceptron) with
``fractions.Fraction`` throughout and nothing from lecturekit, so that the tests
can compare the library's decisions with exact arithmetic.  Data are given as
Fractions (the decimals a learner types: ``Fraction(3, 10)`` for 0.3); the tests
pass the same numbers to the library as floats (``3 / 10``).

Conventions spelled out here on purpose (a test checks them against
lecturekit.conventions): the 1 goes first, the mistake test is ``<= 0``, and a
score of 0 predicts -1.
"""

from __future__ import annotations

from fractions import Fraction as F


def hom(X, lead=1):
    """Rows (lead, x_1, ..., x_d) as Fractions."""
    return [[F(lead)] + [F(v) for v in row] for row in X]


def dot(a, b):
    return sum((p * q for p, q in zip(a, b)), F(0))


def sign(s):
    return 1 if s > 0 else -1


def perceptron(X, y, eta=1, w0=None, max_epochs=100, fit_intercept=True):
    """Alg. 7.1.  Returns dict(w, alpha, updates=[(epoch, i)], converged, epochs, mpe)."""
    Xh = hom(X, 1 if fit_intercept else 0)
    d1 = len(Xh[0])
    w = [F(0)] * d1 if w0 is None else [F(v) for v in w0]
    eta = F(eta)
    alpha, updates, mpe = [0] * len(y), [], []
    converged, epoch = False, 0
    while not converged and epoch < max_epochs:
        epoch += 1
        converged, mistakes = True, 0
        for i, (x, yi) in enumerate(zip(Xh, y)):
            if yi * dot(w, x) <= 0:
                w = [a + eta * yi * b for a, b in zip(w, x)]
                alpha[i] += 1
                updates.append((epoch, i))
                mistakes += 1
                converged = False
        mpe.append(mistakes)
    return dict(w=w, alpha=alpha, updates=updates, converged=converged, epochs=epoch, mpe=mpe)


def dual_perceptron(X, y, max_epochs=100, fit_intercept=True, gram=None):
    """Alg. 7.2 on the Gram matrix of the rows (or a given one)."""
    Xh = hom(X, 1 if fit_intercept else 0)
    n = len(y)
    G = gram if gram is not None else [[dot(a, b) for b in Xh] for a in Xh]
    alpha, updates, mpe = [0] * n, [], []
    converged, epoch = False, 0
    while not converged and epoch < max_epochs:
        epoch += 1
        converged, mistakes = True, 0
        for i in range(n):
            if y[i] * sum((alpha[j] * y[j] * G[i][j] for j in range(n)), F(0)) <= 0:
                alpha[i] += 1
                updates.append((epoch, i))
                mistakes += 1
                converged = False
        mpe.append(mistakes)
    return dict(alpha=alpha, updates=updates, converged=converged, epochs=epoch, mpe=mpe)


def voted_perceptron(X, y, eta=1, max_epochs=10, fit_intercept=True):
    """Daumé's voted perceptron: every weight vector with its survival count."""
    Xh = hom(X, 1 if fit_intercept else 0)
    w = [F(0)] * len(Xh[0])
    eta = F(eta)
    weights, counts, updates = [w], [0], []
    for epoch in range(1, max_epochs + 1):
        for i, (x, yi) in enumerate(zip(Xh, y)):
            if yi * dot(w, x) <= 0:
                w = [a + eta * yi * b for a, b in zip(w, x)]
                weights.append(w)
                counts.append(1)
                updates.append((epoch, i))
            else:
                counts[-1] += 1
    return dict(weights=weights, counts=counts, updates=updates)


def voted_predict(model, X, fit_intercept=True):
    out = []
    for x in hom(X, 1):
        vote = sum(c * sign(dot(w, x)) for w, c in zip(model["weights"], model["counts"]))
        out.append(sign(vote))
    return out


def averaged_perceptron(X, y, eta=1, max_epochs=10, fit_intercept=True):
    """Daumé's averaged perceptron: the mean of w over all n * max_epochs + 1 steps, summed directly."""
    Xh = hom(X, 1 if fit_intercept else 0)
    w = [F(0)] * len(Xh[0])
    eta = F(eta)
    total, steps, updates = list(w), 1, []
    for epoch in range(1, max_epochs + 1):
        for i, (x, yi) in enumerate(zip(Xh, y)):
            if yi * dot(w, x) <= 0:
                w = [a + eta * yi * b for a, b in zip(w, x)]
                updates.append((epoch, i))
            total = [a + b for a, b in zip(total, w)]
            steps += 1
    return dict(w=[a / steps for a in total], w_last=w, updates=updates)


def linear_machine(X, y, classes, eta=1, max_epochs=100, fit_intercept=True, averaged=False):
    """The multiclass perceptron rule (Duda, Hart & Stork §5.12): the rival with the largest score
    (first one among equal scores) is compared with the true class; update when it is not beaten
    strictly.  ``averaged``: run exactly max_epochs epochs and return the mean weights."""
    Xh = hom(X, 1 if fit_intercept else 0)
    k, d1 = len(classes), len(Xh[0])
    W = [[F(0)] * d1 for _ in range(k)]
    total, steps = [[F(0)] * d1 for _ in range(k)], 1
    eta = F(eta)
    updates, mpe = [], []
    converged, epoch = False, 0
    while (averaged and epoch < max_epochs) or (not averaged and not converged and epoch < max_epochs):
        epoch += 1
        converged, mistakes = True, 0
        for i, x in enumerate(Xh):
            c = classes.index(y[i])
            g = [dot(w, x) for w in W]
            rivals = [j for j in range(k) if j != c]
            j = max(rivals, key=lambda r: (g[r], -r))  # the first among the largest
            if g[j] >= g[c]:
                W[c] = [a + eta * b for a, b in zip(W[c], x)]
                W[j] = [a - eta * b for a, b in zip(W[j], x)]
                updates.append((epoch, i))
                mistakes += 1
                converged = False
            if averaged:
                total = [[a + b for a, b in zip(t, w)] for t, w in zip(total, W)]
                steps += 1
        mpe.append(mistakes)
    if averaged:
        W = [[a / steps for a in t] for t in total]
    return dict(W=W, updates=updates, converged=converged, epochs=epoch, mpe=mpe)


def argmax_first(values):
    """The index of the first largest value."""
    best = 0
    for j, v in enumerate(values):
        if v > values[best]:
            best = j
    return best


def batch_perceptron(X, y, eta=1, max_iter=1000, w0=None, fit_intercept=True, schedule="constant"):
    """Gradient descent on the perceptron criterion, rate eta or eta / k at step k."""
    Xh = hom(X, 1 if fit_intercept else 0)
    w = [F(0)] * len(Xh[0]) if w0 is None else [F(v) for v in w0]
    eta = F(eta)
    mistakes = []
    k = 0
    while True:
        M = [i for i, x in enumerate(Xh) if y[i] * dot(w, x) <= 0]
        mistakes.append(len(M))
        if not M or k == max_iter:
            break
        k += 1
        g = [sum((y[i] * Xh[i][c] for i in M), F(0)) for c in range(len(w))]
        rate = eta if schedule == "constant" else eta / k
        w = [a + rate * b for a, b in zip(w, g)]
    return dict(w=w, mistakes=mistakes, n_iter=k, converged=not M)


def centroid_classifier(X, y, fit_intercept=True):
    """The basic linear classifier: w = mu+ - mu-, b = (|mu-|^2 - |mu+|^2) / 2."""
    pos = [list(map(F, r)) for r, yi in zip(X, y) if yi > 0]
    neg = [list(map(F, r)) for r, yi in zip(X, y) if yi < 0]
    mp = [sum(c, F(0)) / len(pos) for c in zip(*pos)]
    mn = [sum(c, F(0)) / len(neg) for c in zip(*neg)]
    b = (dot(mn, mn) - dot(mp, mp)) / 2 if fit_intercept else F(0)
    return [b] + [a - c for a, c in zip(mp, mn)]


def least_squares(X, y):
    """The solution of the normal equations on (1, x), or None when it is not unique."""
    Xh = hom(X)
    d1 = len(Xh[0])
    A = [[dot([r[a] for r in Xh], [r[b] for r in Xh]) for b in range(d1)] for a in range(d1)]
    rhs = [sum((r[a] * yi for r, yi in zip(Xh, y)), F(0)) for a in range(d1)]
    # Gauss-Jordan with the first non-zero pivot
    M = [row + [v] for row, v in zip(A, rhs)]
    for c in range(d1):
        p = next((r for r in range(c, d1) if M[r][c] != 0), None)
        if p is None:
            return None
        M[c], M[p] = M[p], M[c]
        M[c] = [v / M[c][c] for v in M[c]]
        for r in range(d1):
            if r != c:
                M[r] = [a - M[r][c] * b for a, b in zip(M[r], M[c])]
    return [M[i][d1] for i in range(d1)]
