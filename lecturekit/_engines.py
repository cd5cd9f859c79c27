"""Fast exact engines for the perceptron (Flach Alg. 7.1).

:func:`lecturekit.perceptron.perceptron_loop` is the reference: it visits the
examples one at a time and updates ``w <- w + eta y_i x_i`` whenever
``y_i (w . x_i) <= 0``.  The engines here make *the same updates* in the same
order, faster:

The engines read the raw ``(n, d)`` X and the value ``lead`` of the leading
homogeneous coordinate (1.0 with a bias, 0.0 without) instead of the
homogeneous ``Xh = [lead, X]``, so a fit makes no copy of X (see *Memory*).

``"block"`` (pure numpy)
    Scores a block of consecutive examples with one matrix-vector product from
    the current ``w``, applies the first mistake in it and continues from the
    next example.  Blocks grow after a clean block and shrink after a mistake.
    Fast when mistakes are rare (separable data, late epochs); on data where
    a large fraction of the examples are mistakes in every epoch each mistake
    costs a few numpy calls, so it is slower than a compiled loop.

``"numba"`` (optional, ``pip install lecturekit[fast]``)
    The same per-example loop, compiled.  numba is imported, and the loop
    compiled, on first use only; ``import lecturekit`` never loads numba.

Why the engines agree with the loop bit for bit
-----------------------------------------------
Every engine decides line 6, ``y_i w . x_i <= 0``, as exact arithmetic on the
decimal readings of the data decides it (:mod:`lecturekit.exact`), so all of
them make the same decisions, whatever order their floating-point sums take.
The fast score is ``X[i] @ w[1:] + lead * w[0]`` (numpy/BLAS or a compiled
loop: any order of the d1 = d + 1 products, with or without fused
multiply-adds).  It is within

    t_i = max(|x_i|, SMALL_ROW) (BAND (d1 + 3) W + 2 err) + ABS_FLOOR

of the exact score (:func:`lecturekit.exact.score_bound`), where ``W`` bounds
``|w|`` and ``err`` (:func:`lecturekit.exact.weight_error`) bounds how far the
float w has drifted from the exact weights through the rounding of every
update so far.  So

* ``y_i s > t_i``            -> certainly not a mistake,
* ``y_i s <= -t_i``          -> certainly a mistake,
* otherwise (or NaN)         -> the exact margin decides
  (:meth:`lecturekit.exact.PerceptronScores.is_mistake`).

The engines keep ``W`` cheaply: the exact ``|w|`` every _RENORM_EVERY updates
and the triangle inequality ``|w + eta y x| <= |w| + eta |x|`` in between;
``err`` from the running sums of ``eta |x_i|`` and of W over the updates.  The
filter is trusted only while ``|x_i| W <= 2**1020`` (no product or partial
sum can overflow, in any order); beyond that (data near 1e154 and up), and for
rows shorter than 2**-500 are treated as that long (their bound is then wide, and their decisions exact).  NaN in w (after an
overflow) sends every decision to the exact step, which does not use w.

The update ``w + eta * y_i * x_i`` is done element by element with the
loop's own arithmetic (a product, then a sum, each rounded once; ``eta * y_i``
is exact because ``y_i = +-1``; no fused multiply-add), so equal decisions
give equal weights.  Without ``Xh`` it is ``w[0] + (eta * y_i) * lead`` and
``w[1:] + (eta * y_i) * X[i]``: per coordinate the same two roundings.

Scores that close to 0 are rare on real-valued data (the band is about
``(d + k) 1e-16 |x_i| |w|`` after k updates); on data typed as short decimals
or integers, genuine ties are common and are decided exactly.

scikit-learn's ``Perceptron`` decides in floating point, so it matches the
loop bit for bit only on data without scores within rounding of 0 (the
benchmark data, for instance).

Memory: the engines take X as it is (float64, C-contiguous -- otherwise
:func:`lecturekit.perceptron` makes the one contiguous copy) and only slices
(views) of it, never copies, plus O(n) vectors (row norms, ``alpha``), O(d)
scratch vectors and the trace, O(number of updates).  Only ``engine="loop"``,
the teaching reference, builds the homogeneous copy ``Xh``.
"""

from __future__ import annotations

import importlib.util
from array import array

import numpy as np

from . import exact as _exact

__all__: list[str] = []

_RENORM_EVERY = 64  # |w| is recomputed every so many updates and bounded in between


def _row_norms(X: np.ndarray, lead: float, out: np.ndarray) -> None:
    """out[i] = |(lead, x_i)| floored at SMALL_ROW (out has len(X) entries; no n x d temporary)."""
    np.einsum("ij,ij->i", X, X, out=out)
    if lead != 0.0:
        out += lead * lead
    np.sqrt(out, out=out)
    np.maximum(out, _exact.SMALL_ROW, out=out)


class _Filter:
    """The engines' bound on how far a float margin can be from the exact one (see above).

    ``t_i = xf_i K + ABS_FLOOR`` with ``xf_i = max(|x_i|, SMALL_ROW)``; ``t_i <= tmax`` also
    guarantees ``|x_i| W <= TRUST_LIMIT`` (no overflow in any order of summation).
    """

    def __init__(self, w, d1, eta):
        self.d1, self.eta = d1, float(eta)
        self.w0n = float(_exact.norms(w))
        self.zero = not np.any(w)  # w is exactly 0 until the first update: every score is 0
        self.W = self.w0n  # bounds |w|
        self.A = 0.0  # sum of eta |x_i| over the updates
        self.R = 0.0  # sum of W after each update
        self.since = 0
        self.tmax = _exact.TRUST_LIMIT * _exact.BAND * (d1 + 3)
        self._set()

    def _set(self):
        self.K = _exact.BAND * ((self.d1 + 3) * self.W + 2.0 * (self.w0n + 4.0 * self.A + 2.0 * self.R))
        self.Kv = self.K + _exact.ABS_FLOOR / _exact.SMALL_ROW  # >= t_i / xf_i for every row not small

    def updated(self, w, nx_i):
        """After an update with a row of norm nx_i."""
        self.zero = False
        step = self.eta * nx_i
        self.since += 1
        if self.since == _RENORM_EVERY:
            self.W, self.since = float(_exact.norms(w)), 0
        else:  # |w + eta y x| <= |w| + eta |x|
            self.W = self.W + step
        self.A += step
        self.R += self.W
        self._set()


def _prepare(X, lead, y, w):
    X = np.ascontiguousarray(X, dtype=np.float64)  # no copy for float64 C-contiguous X
    y = np.ascontiguousarray(y, dtype=np.float64)
    w = np.array(w, dtype=np.float64, copy=True)  # engines update w in place
    if X.ndim != 2 or w.shape != (X.shape[1] + 1,):
        raise ValueError(f"need X of shape (n, d) and w of length d + 1; got {X.shape} and {w.shape}")
    return X, float(lead), y, w


def _replay_history(X, lead, y, eta, w_init, upd_index):
    """Weights before the first update and after each, with the loop's arithmetic."""
    w = w_init.copy()
    history = [w]
    for i in upd_index:
        step = eta * y[i]
        w = w.copy()
        w[0] = w[0] + step * lead
        w[1:] = w[1:] + step * X[i]
        history.append(w)
    return history


# --------------------------------------------------------------------------
# "auto"
# --------------------------------------------------------------------------

# Below this many example visits (n * max_epochs) "auto" does not start numba:
# the first numba fit in a process imports numba and compiles the loop, ~2 s
# (0.3-0.8 s when numba's on-disk cache is warm), while the block engine
# finishes such fits in milliseconds (worst case, every visit a mistake, about
# the literal loop's ~1 us per visit, i.e. <= 0.2-0.5 s).  Notebooks and unit
# tests that fit tiny data sets therefore never pay for numba.  Once the loop
# is compiled in this process (or the fit is big), "auto" uses numba for every
# size: a compiled fit costs ~50 us of overhead.
AUTO_NUMBA_MIN_VISITS = 200_000
# ... and never for fewer examples than this: a small data set with a large
# epoch cap (max_epochs=100_000 on 2 points) usually converges in a few epochs,
# and even when it does not, the block engine's worst case at this size is
# about a second, while starting numba costs that much every time.
AUTO_NUMBA_MIN_EXAMPLES = 1_000


def numba_available() -> bool:
    """True when numba can be imported (checked without importing it)."""
    return importlib.util.find_spec("numba") is not None


def auto_engine(n: int, max_epochs: int) -> str:
    """The engine ``engine="auto"`` uses for n examples and max_epochs epochs.

    "numba" when numba is installed and either the loop is already compiled
    in this process or ``n >= AUTO_NUMBA_MIN_EXAMPLES`` and
    ``n * max_epochs >= AUTO_NUMBA_MIN_VISITS``; otherwise
    (or when numba is installed but fails to import, e.g. too old for this
    numpy) "block".
    """
    if _NUMBA_IMPORT_ERROR or not numba_available():
        return "block"
    if not _KERNELS and (n < AUTO_NUMBA_MIN_EXAMPLES or n * max_epochs < AUTO_NUMBA_MIN_VISITS):
        return "block"
    try:
        _kernels()
    except ImportError:
        return "block"
    return "numba"


# --------------------------------------------------------------------------
# "block": pure numpy
# --------------------------------------------------------------------------

BLOCK_MIN = 8
BLOCK_BYTES = 1 << 19  # a block of rows stays within ~512 KiB (L2)
DENSE_RUN = 32  # examples taken one at a time when mistakes come back to back


def perceptron_block(X, lead, y, eta, w, max_epochs, keep_weights=False):
    """Block scan with exact decisions; returns the tuple of the loop's outcome.

    ``X`` is the raw (n, d) data and ``lead`` the leading homogeneous
    coordinate (1.0 with a bias, 0.0 without): the result is that of
    ``perceptron_loop`` on ``Xh = [lead, X]``, without building Xh.  A block
    ``X[i:b]`` (a view) is scored with one matrix-vector product from the
    current w; the first example whose score is not certainly correct is
    checked (within rounding of 0: exactly), the update is applied and the
    scan continues at the next example.  A clean block doubles the block
    length; after a mistake at offset k it becomes max(half, 4 (k + 1)).
    Where mistakes come back to back, blocks are not worth their overhead and
    the next DENSE_RUN examples are taken one at a time.
    """
    X, lead, y, w = _prepare(X, lead, y, w)
    n, d = X.shape
    d1 = d + 1
    scorer = _exact.PerceptronScores(X, lead, y, eta, w)
    band = _Filter(w, d1, eta)
    AF, tmax = _exact.ABS_FLOOR, band.tmax
    wx = w[1:]  # a view: the feature weights, updated in place with w
    nx = np.empty(n)  # max(|x_i|, SMALL_ROW), computed block by block in the first epoch (in cache) ...
    q = np.empty(n)  # ... and y_i / nx_i
    known = 0  # nx[:known] and q[:known] are filled in
    nxmax = 0.0  # max of nx[:known]
    bmax = int(min(n, max(BLOCK_MIN, BLOCK_BYTES // (8 * d1))))
    sbuf = np.empty(bmax)
    okbuf = np.empty(bmax, dtype=bool)

    alpha = np.zeros(n, dtype=np.int64)
    mpe, upd_epoch, upd_index = array("q"), array("q"), array("q")
    history = [w.copy()] if keep_weights else None

    def exact_mistake(j, margin):  # the margin's own bound; the exact margin within it
        t = nx[j] * band.K + AF
        if t <= tmax:
            if margin > t:
                return False
            if margin <= -t:
                return True
        return band.zero or scorer.is_mistake(j, alpha, upd_index, len(upd_index))

    size = BLOCK_MIN
    converged = False
    epoch = 0
    while not converged and epoch < max_epochs:
        epoch += 1
        mistakes = 0
        i = 0
        while i < n:
            b = min(n, i + abs(size))
            if b > known:  # row norms while the rows are in cache
                _row_norms(X[known:b], lead, nx[known:b])
                np.divide(y[known:b], nx[known:b], q[known:b])
                nxmax = max(nxmax, float(nx[known:b].max()))
                known = b
            if size < 0:  # dense mistakes: the next examples one at a time, as in the loop
                before, run = mistakes, b - i
                for j in range(i, b):
                    margin = y[j] * (X[j] @ wx + lead * w[0])
                    t = nx[j] * band.K + AF
                    if t <= tmax and margin > t:
                        continue
                    if (t <= tmax and margin <= -t) or exact_mistake(j, margin):
                        step = eta * y[j]
                        w[0] += step * lead
                        wx += step * X[j]
                        band.updated(w, nx[j])
                        alpha[j] += 1
                        mistakes += 1
                        upd_epoch.append(epoch)
                        upd_index.append(j)
                        if keep_weights:
                            history.append(w.copy())
                i = b
                # stay while at least a third are mistakes (break-even of the two modes)
                size = -DENSE_RUN if 3 * (mistakes - before) >= run else BLOCK_MIN
                continue
            m = b - i
            s, ok = sbuf[:m], okbuf[:m]
            np.dot(X[i:b], wx, out=s)
            if lead != 0.0:
                s += lead * w[0]  # the same d1 products in another order: within the band
            np.multiply(s, q[i:b], s)  # y_i s_i / nx_i
            Kv = band.Kv
            if band.W * nxmax <= _exact.TRUST_LIMIT:  # no overflow possible in any order
                np.greater(s, Kv, ok)  # certainly not a mistake
            else:  # every example to its own bound, and the exact test
                ok.fill(False)
            k = int(ok.argmin())
            hit = -1
            while not ok[k]:  # a candidate: certainly a mistake, or near 0 / NaN
                j = i + k
                if s[k] <= -Kv and nx[j] * band.K + AF <= tmax:
                    hit = j
                    break
                if exact_mistake(j, y[j] * (X[j] @ wx + lead * w[0])):
                    hit = j
                    break
                if k + 1 == m:
                    break
                k = k + 1 + int(ok[k + 1 :].argmin())
            if hit < 0:  # clean block
                i = b
                size = min(2 * size, bmax)
                continue
            step = eta * y[hit]  # per element the loop's w + (eta*y_i)*x_i: same roundings
            w[0] += step * lead
            wx += step * X[hit]
            band.updated(w, nx[hit])
            alpha[hit] += 1
            mistakes += 1
            upd_epoch.append(epoch)
            upd_index.append(hit)
            if keep_weights:
                history.append(w.copy())
            i = hit + 1
            if k == 0 and size == BLOCK_MIN:  # mistakes back to back
                size = -DENSE_RUN
            else:  # a block call costs more than a few wasted rows: shrink gently
                size = min(max(size // 2, 4 * (k + 1), BLOCK_MIN), bmax)
        mpe.append(mistakes)
        converged = mistakes == 0
    return (
        w,
        converged,
        epoch,
        alpha,
        np.frombuffer(mpe, dtype=np.int64),
        np.frombuffer(upd_epoch, dtype=np.int64),
        np.frombuffer(upd_index, dtype=np.int64),
        history,
    )


# --------------------------------------------------------------------------
# "numba": the loop, compiled on first use
# --------------------------------------------------------------------------
#
# The functions below are plain Python until _kernels() hands them to
# numba.njit.  The kernel stops and returns whenever a score falls in the band
# around 0; the driver then evaluates the loop's own numpy expression and
# resumes the kernel with the decision forced.

_KERNELS: dict = {}
_NUMBA_IMPORT_ERROR: list = []  # holds the message once `import numba` has failed in this process

_DONE, _AMBIGUOUS, _TRACE_FULL, _EPOCHS_FULL = 0, 1, 2, 3
_FORCE_NONE, _FORCE_MISTAKE, _FORCE_CORRECT = 0, 1, 2


def _dot_py(w, X, i, lead):
    # (lead, X[i]) . w, compiled with fastmath reassoc: vectorised, summation order
    # unspecified (covered by the band)
    acc = lead * w[0]
    for j in range(X.shape[1]):
        acc += w[j + 1] * X[i, j]
    return acc


def _sumsq_py(w):
    acc = 0.0
    for j in range(w.shape[0]):
        acc += w[j] * w[j]
    return acc


def _row_norm_py(X, i, lead):
    acc = lead * lead
    for j in range(X.shape[1]):
        acc += X[i, j] * X[i, j]
    return np.sqrt(acc)


def _bound_py(W, A, R, w0n, d1, band, floor):
    # Kv of _Filter: t_i = r_i Kv >= r_i K + ABS_FLOOR, r_i = max(|x_i|, SMALL_ROW), floor = ABS_FLOOR / SMALL_ROW
    err = band * (w0n + 4.0 * A + 2.0 * R)
    return band * (d1 + 3) * W + 2.0 * err + floor


def _perceptron_kernel_py(X, lead, y, nx, eta, w, max_epochs, fl, state, force, alpha, mpe, ue, ui):
    """Alg. 7.1 on the rows (lead, X[i]), from state = [epoch, i, mistakes so far in this epoch, updates so far].

    ``fl`` = [A, R, |w0|, SMALL_ROW, ABS_FLOOR, BAND, TRUST_LIMIT]: the running
    sums of the filter (kept between calls) and the constants of
    lecturekit.exact.  Returns a status: _DONE, or _AMBIGUOUS when example
    state[1] has a score within rounding of 0 (the caller decides it exactly
    and calls again with force set), or _TRACE_FULL / _EPOCHS_FULL when ue, ui
    or mpe must grow.  w, alpha, mpe, ue, ui, fl and state are updated in place.
    """
    n, d = X.shape
    d1 = d + 1
    epoch, i0, mistakes, nupd = state[0], state[1], state[2], state[3]
    A, R, w0n = fl[0], fl[1], fl[2]
    small, band = fl[3], fl[5]
    floor = fl[4] / small  # ABS_FLOOR / SMALL_ROW
    tmax = fl[6] * band * (d1 + 3)  # t <= tmax: |x_i| |w| <= TRUST_LIMIT, no overflow in any order
    cap = ue.shape[0]
    W = np.sqrt(_nb_sumsq(w))
    K = _nb_bound(W, A, R, w0n, d1, band, floor)
    since = 0
    if force != _FORCE_NONE:  # example i0, decided by the caller
        if force == _FORCE_MISTAKE:
            if nupd == cap:
                state[0], state[1], state[2], state[3] = epoch, i0, mistakes, nupd
                return _TRACE_FULL
            step = eta * y[i0]
            w[0] = w[0] + step * lead
            for j in range(d):
                w[j + 1] = w[j + 1] + step * X[i0, j]
            W = np.sqrt(_nb_sumsq(w))
            A += eta * nx[i0]
            R += W
            K = _nb_bound(W, A, R, w0n, d1, band, floor)
            alpha[i0] += 1
            mistakes += 1
            ue[nupd] = epoch
            ui[nupd] = i0
            nupd += 1
        i0 += 1
    while True:
        for i in range(i0, n):
            r = nx[i]  # max(|x_i|, SMALL_ROW)
            if r < 0.0:  # not known yet: compute it while the row is in cache
                r = max(_nb_row_norm(X, i, lead), small)
                nx[i] = r
            ys = y[i] * _nb_dot(w, X, i, lead)
            t = r * K
            if not (t <= tmax):  # |x_i| |w| may overflow, or NaN: ask the caller
                state[0], state[1], state[2], state[3] = epoch, i, mistakes, nupd
                fl[0], fl[1] = A, R
                return _AMBIGUOUS
            if ys > t:  # certainly correct
                continue
            if not (ys <= -t or (nupd == 0 and w0n == 0.0)):  # near 0 (w = 0 is exactly 0), or NaN: ask
                state[0], state[1], state[2], state[3] = epoch, i, mistakes, nupd
                fl[0], fl[1] = A, R
                return _AMBIGUOUS
            if nupd == cap:
                state[0], state[1], state[2], state[3] = epoch, i, mistakes, nupd
                fl[0], fl[1] = A, R
                return _TRACE_FULL
            step = eta * y[i]
            w[0] = w[0] + step * lead  # the loop's arithmetic: no fused multiply-add
            for j in range(d):
                w[j + 1] = w[j + 1] + step * X[i, j]
            since += 1
            if since == _RENORM_EVERY:
                W = np.sqrt(_nb_sumsq(w))
                since = 0
            else:  # |w + eta y x| <= |w| + eta |x|
                W = W + eta * r
            A += eta * r
            R += W
            K = _nb_bound(W, A, R, w0n, d1, band, floor)
            alpha[i] += 1
            mistakes += 1
            ue[nupd] = epoch
            ui[nupd] = i
            nupd += 1
        mpe[epoch - 1] = mistakes
        fl[0], fl[1] = A, R
        if mistakes == 0 or epoch >= max_epochs:
            state[0], state[1], state[2], state[3] = epoch, n, mistakes, nupd
            return _DONE
        if epoch == mpe.shape[0]:
            state[0], state[1], state[2], state[3] = epoch + 1, 0, 0, nupd
            return _EPOCHS_FULL
        epoch += 1
        i0 = 0
        mistakes = 0


def _njit(func, **options):
    import numba

    try:
        return numba.njit(cache=True, **options)(func)
    except RuntimeError:  # no writable cache location (read-only install, no home dir)
        return numba.njit(cache=False, **options)(func)


_INSTALL_HINT = (
    "engine='numba' needs numba, which is not installed. Install the optional extra with "
    "`pip install lecturekit[fast]` (or `pip install numba`), or use engine='block' "
    "(pure numpy, same results) or engine='auto'."
)


def _kernels() -> dict:
    """Compile (once per process) and return the numba kernels."""
    if not numba_available():
        raise ImportError(_INSTALL_HINT)
    if not _KERNELS:
        try:
            import numba  # noqa: F401
        except ImportError as exc:
            _NUMBA_IMPORT_ERROR.append(str(exc))
            raise ImportError(f"{_INSTALL_HINT} (import numba failed: {exc})") from None
        g = globals()
        # the kernel reads these module globals when numba compiles it
        g["_nb_dot"] = _njit(_dot_py, fastmath={"reassoc", "nsz", "contract"})
        g["_nb_sumsq"] = _njit(_sumsq_py, fastmath={"reassoc", "nsz", "contract"})
        g["_nb_row_norm"] = _njit(_row_norm_py, fastmath={"reassoc", "nsz", "contract"})
        g["_nb_bound"] = _njit(_bound_py)
        _KERNELS["perceptron"] = _njit(_perceptron_kernel_py)  # no fastmath: exact updates
    return _KERNELS


def _grown(a):
    out = np.empty(4 * a.shape[0], dtype=a.dtype)
    out[: a.shape[0]] = a
    return out


def perceptron_numba(X, lead, y, eta, w, max_epochs, keep_weights=False):
    """The per-example loop compiled with numba; returns the tuple of :func:`perceptron_loop`.

    Arguments as for :func:`perceptron_block`: raw X and the leading coordinate ``lead``.
    """
    kernel = _kernels()["perceptron"]
    X, lead, y, w = _prepare(X, lead, y, w)
    w_init = w.copy()
    n, d = X.shape
    scorer = _exact.PerceptronScores(X, lead, y, eta, w)
    nx = np.full(n, -1.0)  # max(|x_i|, SMALL_ROW), filled in by the kernel on the first visit
    alpha = np.zeros(n, dtype=np.int64)
    mpe = np.zeros(min(max_epochs, 256), dtype=np.int64)
    cap = int(min(n * max_epochs, max(4096, 2 * n)))
    ue = np.empty(cap, dtype=np.int64)
    ui = np.empty(cap, dtype=np.int64)
    state = np.array([1, 0, 0, 0], dtype=np.int64)
    fl = np.array([0.0, 0.0, float(_exact.norms(w)), _exact.SMALL_ROW, _exact.ABS_FLOOR, _exact.BAND,
                   _exact.TRUST_LIMIT])
    eta = float(eta)
    force = _FORCE_NONE
    while True:
        status = kernel(X, lead, y, nx, eta, w, max_epochs, fl, state, force, alpha, mpe, ue, ui)
        force = _FORCE_NONE
        if status == _DONE:
            break
        if status == _AMBIGUOUS:  # a score within rounding of 0: decide it exactly
            i, nupd = int(state[1]), int(state[3])
            force = _FORCE_MISTAKE if scorer.is_mistake(i, alpha, ui, nupd) else _FORCE_CORRECT
        elif status == _TRACE_FULL:
            ue, ui = _grown(ue), _grown(ui)
        else:  # _EPOCHS_FULL
            mpe = _grown(mpe)
    epoch, nupd = int(state[0]), int(state[3])
    mpe = mpe[:epoch]
    history = _replay_history(X, lead, y, eta, w_init, ui[:nupd]) if keep_weights else None
    # slices, not copies: the result object copies them into its own read-only arrays
    return w, bool(mpe[-1] == 0), epoch, alpha, mpe, ue[:nupd], ui[:nupd], history
