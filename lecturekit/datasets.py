"""Small seeded data sets for the course.  Every generator takes ``seed`` and is deterministic.

Binary sets return ``(X, y)`` with labels -1/+1; :func:`blobs` returns integer
class labels 0..k-1.
"""

from __future__ import annotations

import numbers

import numpy as np

from ._validation import check_count, check_positive

__all__ = [
    "separable",
    "noisy",
    "xor",
    "circles",
    "ring",
    "blobs",
    "centroid_failure",
    "unbalanced",
    "toy",
    "digits_pair",
    "iris",
]


def _rng(seed):
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral):
        raise TypeError(f"seed must be an integer (every draw in lecturekit is seeded); got {seed!r}.")
    return np.random.default_rng(int(seed))


def toy():
    """Four points in the plane, two per class, used in docstrings and hand computations.

    >>> import lecturekit as lk
    >>> X, y = lk.datasets.toy()
    >>> X.tolist(), y.tolist()
    ([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]], [1, 1, -1, -1])
    """
    X = np.array([[0.0, 3.0], [3.0, 1.0], [-3.0, -2.0], [2.0, 0.0]])
    return X, np.array([1, 1, -1, -1])


def separable(n: int = 100, d: int = 2, *, margin: float = 0.1, scale: float = 1.0, seed: int = 0,
              return_direction: bool = False):
    """Points uniform in the cube [-scale, scale]^d, labelled by a random hyperplane, with a gap.

    A random unit normal v and an offset b with |b| <= scale/2 define the
    hyperplane v . x + b = 0; points closer to it than ``margin`` are rejected,
    so the set is separable with margin >= ``margin`` (in input space).  Both
    classes are guaranteed to be present.

    Returns
    -------
    X : ndarray of shape (n, d)
    y : ndarray of shape (n,), labels -1/+1
    u : ndarray of shape (d + 1,), only with ``return_direction=True``
        The generating hyperplane, homogeneous (b, v) with |v| = 1.

    Examples
    --------
    >>> import lecturekit as lk
    >>> X, y, u = lk.datasets.separable(50, 3, margin=0.2, seed=1, return_direction=True)
    >>> X.shape, bool(lk.margin(u, X, y, space="input") >= 0.2)
    ((50, 3), True)
    """
    n = check_count(n, "n", minimum=2)
    d = check_count(d, "d")
    scale = check_positive(scale, "scale")
    if isinstance(margin, bool) or not isinstance(margin, numbers.Real) or not 0 <= margin < scale / 2:
        raise ValueError(f"margin must be a number in [0, scale/2) = [0, {scale / 2:g}); got {margin!r}.")
    rng = _rng(seed)
    v = rng.normal(size=d)
    v /= np.linalg.norm(v)
    b = rng.uniform(-scale / 2, scale / 2) * min(1.0, 1.0 / np.sqrt(d))
    chunks, have = [], 0
    for _ in range(10_000):
        cand = rng.uniform(-scale, scale, size=(max(2 * n, 64), d))
        keep = cand[np.abs(cand @ v + b) >= margin]
        chunks.append(keep)
        have += keep.shape[0]
        if have >= n:
            X = np.vstack(chunks)[:n]
            y = np.where(X @ v + b > 0, 1, -1)
            if np.unique(y).size == 2:
                break
            chunks, have = [], 0
    else:  # pragma: no cover - only for absurd margins
        raise ValueError(f"could not draw {n} points with margin {margin}; use a smaller margin.")
    if return_direction:
        return X, y, np.concatenate([[b], v])
    return X, y


def noisy(n: int = 100, d: int = 2, *, flip: float = 0.1, seed: int = 0):
    """A :func:`separable` set (margin 0) with a fraction ``flip`` of labels flipped: not separable.

    >>> import lecturekit as lk
    >>> X, y = lk.datasets.noisy(40, seed=0)
    >>> X.shape, sorted(set(y.tolist()))
    ((40, 2), [-1, 1])
    """
    if isinstance(flip, bool) or not isinstance(flip, numbers.Real) or not 0 < flip < 0.5:
        raise ValueError(f"flip must be a fraction in (0, 0.5); got {flip!r}.")
    X, y = separable(n, d, margin=0.0, seed=seed)
    rng = _rng(seed + 1)
    k = max(1, int(round(flip * n)))
    idx = rng.choice(n, size=k, replace=False)
    y = y.copy()
    y[idx] *= -1
    return X, y


def xor(n: int = 4, *, noise: float = 0.0, seed: int = 0):
    """XOR: positives where x1 x2 > 0 (first and third quadrant), negatives elsewhere.

    ``n=4`` gives the four corners (+-1, +-1).  Larger n draws n points around
    the corners (n divisible by 4) with Gaussian ``noise``.

    >>> import lecturekit as lk
    >>> X, y = lk.datasets.xor()
    >>> X.tolist(), y.tolist()
    ([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]], [1, 1, -1, -1])
    """
    n = check_count(n, "n", minimum=4)
    if n % 4:
        raise ValueError(f"n must be a multiple of 4 (one group per corner); got {n}.")
    corners = np.array([[1.0, 1.0], [-1.0, -1.0], [1.0, -1.0], [-1.0, 1.0]])
    X = np.repeat(corners, n // 4, axis=0)
    if noise:
        X = X + _rng(seed).normal(scale=noise, size=X.shape)
    y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
    return X, y


def circles(n: int = 200, *, a: float = 2.0, b: float = 1.0, gap: float = 0.25, seed: int = 0):
    """Points in [-2a, 2a] x [-2b, 2b]: +1 inside the ellipse (x1/a)^2 + (x2/b)^2 = 1, -1 outside.

    Points with ``|(x1/a)^2 + (x2/b)^2 - 1| < gap`` are dropped, so the set is
    separable by the ellipse, and by a line after :func:`lecturekit.square_features`.

    >>> import lecturekit as lk
    >>> X, y = lk.datasets.circles(60, seed=0)
    >>> X.shape, int((y == 1).sum()) > 0
    ((60, 2), True)
    """
    n = check_count(n, "n", minimum=2)
    a = check_positive(a, "a")
    b = check_positive(b, "b")
    if not 0 <= gap < 1:
        raise ValueError(f"gap must be in [0, 1); got {gap!r}.")
    rng = _rng(seed)
    # half the points inside, half outside, so neither class is rare
    n_in = n // 2
    inside, outside = [], []
    while len(inside) < n_in or len(outside) < n - n_in:
        p = rng.uniform([-2 * a, -2 * b], [2 * a, 2 * b], size=(4 * n, 2))
        q = (p[:, 0] / a) ** 2 + (p[:, 1] / b) ** 2
        inside.extend(p[q < 1 - gap])
        outside.extend(p[q > 1 + gap])
    X = np.vstack([np.array(inside[:n_in]), np.array(outside[: n - n_in])])
    y = np.concatenate([np.ones(n_in, dtype=int), -np.ones(n - n_in, dtype=int)])
    order = rng.permutation(n)
    return X[order], y[order]


def ring(n: int = 200, *, radius: float = 1.0, gap: float = 0.25, seed: int = 0):
    """A disc of positives inside a ring of negatives: :func:`circles` with a = b = radius."""
    return circles(n, a=radius, b=radius, gap=gap, seed=seed)


def blobs(n_per_class: int = 30, k: int = 3, *, spread: float = 0.5, radius: float = 2.0, seed: int = 0):
    """k Gaussian blobs with centres evenly spaced on a circle; labels 0..k-1.

    >>> import lecturekit as lk
    >>> X, y = lk.datasets.blobs(10, 4, seed=0)
    >>> X.shape, sorted(set(y.tolist()))
    ((40, 2), [0, 1, 2, 3])
    """
    n_per_class = check_count(n_per_class, "n_per_class")
    k = check_count(k, "k", minimum=2)
    spread = check_positive(spread, "spread")
    rng = _rng(seed)
    angles = 2 * np.pi * np.arange(k) / k + np.pi / 2
    centres = radius * np.column_stack([np.cos(angles), np.sin(angles)])
    X = np.vstack([c + spread * rng.normal(size=(n_per_class, 2)) for c in centres])
    y = np.repeat(np.arange(k), n_per_class)
    return X, y


def centroid_failure(n_far: int = 40, *, distance: float = 8.0, seed: int = 0):
    """A separable set on which the closest-centroid classifier misclassifies one positive.

    Flach's argument (§7.2): start from data the basic linear classifier
    separates, then carry all positives but one far enough into the positive
    side of a separating boundary.  The positive mean follows them, the bisector
    moves past the positive left behind, yet the data stay separable, since
    that boundary still separates them (moving positives merely further from
    every negative is not enough: they can end up surrounding the negatives).  Negatives sit around (-1, 0), the
    lone positive at (1.5, 0) and ``n_far`` positives around (distance, distance).
    With the default 40 far positives the least-squares classifier misses the
    lone positive too.

    >>> import lecturekit as lk
    >>> X, y = lk.datasets.centroid_failure()
    >>> res = lk.centroid_classifier(X, y)
    >>> int((res.predict(X) != y).sum()), lk.is_separable(X, y)
    (1, True)
    """
    n_far = check_count(n_far, "n_far")
    distance = check_positive(distance, "distance")
    rng = _rng(seed)
    neg = rng.normal(scale=0.4, size=(8, 2)) + np.array([-1.0, 0.0])
    lone = np.array([[1.5, 0.0]])
    far = rng.normal(scale=0.5, size=(n_far, 2)) + distance
    X = np.vstack([neg, lone, far])
    y = np.concatenate([-np.ones(8, dtype=int), np.ones(1 + n_far, dtype=int)])
    return X, y


def unbalanced(n_pos: int = 100, n_neg: int = 50, *, seed: int = 0):
    """Flach Fig. 7.6-style data: n_pos positives to the top right, n_neg negatives to the bottom left.

    The two clouds are elongated and nearly touch, so the class means and the
    least-squares fit are pulled around by the imbalance, while a line that
    separates them exists.

    >>> import lecturekit as lk
    >>> X, y = lk.datasets.unbalanced(seed=0)
    >>> X.shape, int((y == 1).sum())
    ((150, 2), 100)
    """
    n_pos = check_count(n_pos, "n_pos")
    n_neg = check_count(n_neg, "n_neg")
    rng = _rng(seed)
    direction = np.array([1.0, 1.0]) / np.sqrt(2)
    along = np.array([1.0, -1.0]) / np.sqrt(2)

    def cloud(m, side):
        t = rng.uniform(-2.5, 2.5, size=m)  # spread along the boundary
        s = side * rng.exponential(0.8, size=m) + side * 0.15  # distance from it, at least 0.15
        return np.outer(t, along) + np.outer(s, direction)

    X = np.vstack([cloud(n_pos, +1) + [0.3, 0.0], cloud(n_neg, -1) + [0.3, 0.0]])
    y = np.concatenate([np.ones(n_pos, dtype=int), -np.ones(n_neg, dtype=int)])
    return X, y


def _sklearn_data_file(name: str):
    """Path of a data file bundled with scikit-learn, found without importing it.

    ``import sklearn.datasets`` takes a second or more (it loads scipy and
    much of scikit-learn); the bundled tables are small text files, so a
    notebook that only wants the data reads them directly.  Returns None when
    scikit-learn or the file is not there.
    """
    import importlib.util
    from pathlib import Path

    spec = importlib.util.find_spec("sklearn")
    if spec is None or not spec.submodule_search_locations:
        return None
    for root in spec.submodule_search_locations:
        path = Path(root) / "datasets" / "data" / name
        if path.is_file():
            return path
    return None


def digits_pair(a: int = 3, b: int = 8, *, scale: bool = True):
    """Handwritten digits a (+1) versus b (-1) from scikit-learn's bundled 8x8 digits (no download).

    Returns X of shape (n, 64) with pixel values in [0, 1] (when ``scale``) and labels -1/+1.
    Needs scikit-learn installed (``lecturekit[lab]``), whose data file it reads.
    """
    for name, value in (("a", a), ("b", b)):
        if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= value <= 9:
            raise ValueError(f"{name} must be a digit 0..9; got {value!r}.")
    if a == b:
        raise ValueError(f"a and b must be different digits; got {a} twice.")
    path = _sklearn_data_file("digits.csv.gz")
    if path is not None:
        table = np.loadtxt(path, delimiter=",")
        pixels, target = table[:, :-1], table[:, -1].astype(int)
    else:  # pragma: no cover - a scikit-learn that keeps its data elsewhere
        try:
            from sklearn.datasets import load_digits
        except ImportError:
            raise ImportError("digits_pair needs scikit-learn: pip install scikit-learn") from None
        data = load_digits()
        pixels, target = data.data, data.target
    rows = np.isin(target, (a, b))
    X = pixels[rows] / (16.0 if scale else 1.0)
    y = np.where(target[rows] == a, 1, -1)
    return X, y


def iris():
    """Fisher's iris flowers (1936): X of shape (150, 4), y in {0, 1, 2}, and the names.

    Returns ``(X, y, feature_names, class_names)``.  Columns: sepal length,
    sepal width, petal length, petal width (cm); classes setosa, versicolor,
    virginica.  Read from the copy bundled with scikit-learn (no download, and
    without importing scikit-learn).
    """
    feature_names = ["sepal length (cm)", "sepal width (cm)", "petal length (cm)", "petal width (cm)"]
    path = _sklearn_data_file("iris.csv")
    if path is not None:
        with open(path, encoding="utf-8") as f:
            header = f.readline().strip().split(",")
        table = np.loadtxt(path, delimiter=",", skiprows=1)
        X, y, class_names = table[:, :4], table[:, 4].astype(int), header[2:]
    else:  # pragma: no cover
        try:
            from sklearn.datasets import load_iris
        except ImportError:
            raise ImportError("iris needs scikit-learn: pip install scikit-learn") from None
        data = load_iris()
        X, y, class_names = data.data, data.target, list(data.target_names)
    return X, y, feature_names, [str(c) for c in class_names]
