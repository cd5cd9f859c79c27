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
The update ``w + eta * y_i * x_i`` is done element by element with the loop's
own arithmetic (a product, then a sum, each rounded once; ``eta * y_i`` is
exact because ``y_i = +-1``; no fused multiply-add), so equal decisions give
equal weights.  Without ``Xh`` it is ``w[0] + (eta * y_i) * lead`` and
``w[1:] + (eta * y_i) * X[i]``: per coordinate the same two roundings.

The *decisions* need care.  The loop computes ``w @ x_i`` with numpy, i.e. with
BLAS ``ddot``, whose summation order depends on the BLAS build and on the CPU
kernel it selects at run time (OpenBLAS ``DYNAMIC_ARCH``, ``OPENBLAS_CORETYPE``).
A matrix-vector product (``gemv``), a sequential sum and a vectorised sum all
add the same products in other orders; on the development machine (OpenBLAS
0.3.31, Haswell kernels) numpy's ``w @ x`` differed from a sequential sum in
the last bits for 1/3 (length 3) to 5/6 (length 101) of random vectors,
``X @ w`` differed from row-by-row ``w @ x_i`` for 27-78 % of the rows, and
``X[a:b] @ w`` even depends on the block length.  Such a difference can flip
``y_i w . x_i <= 0`` only when the score is within rounding of 0 -- and it
did: with the fast scores trusted everywhere, the block and numba engines
diverged from the loop on 0.6 % and 2 % of small random data sets with
entries in multiples of 0.1 (see tests/test_engines.py).  So the engines
never trust a fast score near 0.  Any order of summation of the d1 = d + 1
products, with or without fused multiply-adds, is within
``gamma_d1 * sum_j |w_j x_ij| <= gamma_d1 |x_i| |w|`` of the exact value
(``gamma_k = k u / (1 - k u)``, ``u = 2**-53``; Higham, *Accuracy and
Stability of Numerical Algorithms*, §3.1), so two orders are within twice
that of each other, and with ``s`` the fast score

* ``y_i s > t_i``            -> certainly not a mistake,
* ``y_i s <= -t_i``          -> certainly a mistake,
* otherwise (or NaN)         -> decided by the loop's own expression
  ``y[i] * (w @ Xh[i]) <= 0``, on the homogeneous row ``(lead, X[i])`` built
  for that check only (a contiguous (d + 1)-vector like ``Xh[i]``, at the same
  address alignment (``_LoopRows``), so numpy
  hands it to the same BLAS ``ddot``),

with ``t_i = (d1 + 3) 2**-50 |x_i| |w|`` (``x_i`` the homogeneous row; the
fast score ``X[i] @ w[1:] + lead * w[0]`` is just another order of the same
d1 products), at least 4 times the two-sided
bound (the slack also covers the rounding of the norms and of a cheap upper
bound on ``|w|`` kept between exact recomputations); ``t_i = 0`` when
``w = 0`` (every order then gives exactly 0), and a floor of 2**-1000 covers
underflow.  The bound assumes that nothing overflows: the fast decisions are
trusted only while ``|x_i| |w| <= 2**1020`` (checked as ``t_i <= c 2**1020``),
which bounds every product and partial sum, in any order, below the overflow
threshold; beyond that (data near 1e154 and up) every example goes to the
loop's expression.  (Without this check an overflowing ``-inf`` fast score
passed as "certainly a mistake" where numpy's ddot gave NaN, "not a mistake".)
Scores that close to 0 (``9e-14 |x_i| |w|`` at d = 100) are rare
on real-valued data; on integer data with an integer ``eta`` every score is
an exact integer and a score of exactly 0 is a genuine tie, which the loop's
expression decides as the loop does.  The result: the same updates, the same
``alpha``, trace and weights as ``perceptron_loop`` on *every* input, not only
on inputs without near-ties.  (Overflow to inf/NaN in ``w`` is handled the
same way: NaN scores always go to the loop's expression.)

scikit-learn's ``Perceptron`` adds the intercept separately from a sequential
sum over the features, so it matches the loop bit for bit only on data
without near-ties (the benchmark data, for instance).

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

__all__: list[str] = []

# Band of fast scores that are sent to the loop's own expression (see above).
_TINY = 2.0**-500  # floor of |x_i| and of c|w|: t_i >= 2**-1000 when w != 0
_RENORM_EVERY = 64  # |w| is recomputed every so many updates and bounded in between


def _band_constant(d1: int) -> float:
    return (d1 + 3) * 2.0**-50


_OVERFLOW_SAFE = 2.0**1020  # fast decisions need |x_i| |w| <= this: no overflow in any order


def _row_norms(X: np.ndarray, lead: float, out: np.ndarray) -> None:
    """out[i] = |(lead, x_i)| floored at _TINY (out has len(X) entries; no n x d temporary)."""
    np.einsum("ij,ij->i", X, X, out=out)
    if lead != 0.0:
        out += lead * lead
    np.sqrt(out, out=out)
    np.maximum(out, _TINY, out=out)


def _scaled_norm(w: np.ndarray, c: float) -> float:
    """c |w| floored at _TINY, or exactly 0 when w = 0."""
    nw = float(np.sqrt(w @ w))
    if nw == 0.0:
        return 0.0
    return max(c * nw, _TINY)


def _prepare(X, lead, y, w):
    X = np.ascontiguousarray(X, dtype=np.float64)  # no copy for float64 C-contiguous X
    y = np.ascontiguousarray(y, dtype=np.float64)
    w = np.array(w, dtype=np.float64, copy=True)  # engines update w in place
    if X.ndim != 2 or w.shape != (X.shape[1] + 1,):
        raise ValueError(f"need X of shape (n, d) and w of length d + 1; got {X.shape} and {w.shape}")
    return X, float(lead), y, w


class _LoopRows:
    """Scratch rows (lead, x_i) for the loop's own expression ``w @ Xh[i]``.

    Some BLAS kernels (OpenBLAS's for older processors, OPENBLAS_CORETYPE=Prescott)
    sum a dot product in an order that depends on where the vectors lie in memory,
    relative to 16 bytes.  Row i of the loop's homogeneous copy ``Xh`` (a fresh,
    16-byte-aligned array of rows of d + 1 doubles) starts 8 bytes past such a
    boundary exactly when ``i (d + 1)`` is odd, so the scratch row for example i
    is placed the same way.
    """

    def __init__(self, lead: float, d: int):
        self.lead, self.d1 = float(lead), d + 1
        buf = np.empty(self.d1 + 1)
        first = (buf.ctypes.data % 16) // 8  # 0 when buf starts on a 16-byte boundary
        # views[k]: a row whose address is 8 k bytes past a 16-byte boundary
        self.views = (buf[first:first + self.d1], buf[1 - first:1 - first + self.d1])

    def row(self, X, i) -> np.ndarray:
        """(lead, X[i]) at the alignment of the loop's Xh[i]."""
        xh = self.views[(i * self.d1) % 2]
        xh[0] = self.lead
        xh[1:] = X[i]
        return xh


def _replay_history(X, lead, y, eta, w_init, upd_index):
    """Weights before the first update and after each, with the loop's arithmetic."""
    w = w_init.copy()
    history = [w]
    rows = _LoopRows(lead, X.shape[1])
    for i in upd_index:
        xh = rows.row(X, i)
        w = w + eta * y[i] * xh
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
    """Exact block scan; returns the tuple of :func:`perceptron_loop`.

    ``X`` is the raw (n, d) data and ``lead`` the leading homogeneous
    coordinate (1.0 with a bias, 0.0 without): the result is that of
    ``perceptron_loop(Xh, ...)`` with ``Xh = [lead, X]``, without building Xh.
    A block ``X[i:b]`` (a view) is scored with one matrix-vector product
    from the current w; the first example whose score is not certainly
    correct is checked (near 0: with the loop's own expression), the update
    is applied and the scan continues at the next example.  A clean block
    doubles the block length; after a mistake at offset k it becomes
    max(half, 4 (k + 1)).  Where mistakes come back to back, blocks are not
    worth their overhead and the next DENSE_RUN examples are taken one at a
    time with the loop's own statement.
    """
    X, lead, y, w = _prepare(X, lead, y, w)
    n, d = X.shape
    d1 = d + 1
    c = _band_constant(d1)
    ceta = c * eta
    tmax = c * _OVERFLOW_SAFE  # t_i = cnw |x_i| above this: fast scores not trusted
    nxmax = 0.0  # max of nx[:known]
    wx = w[1:]  # a view: the feature weights, updated in place with w
    rows = _LoopRows(lead, d)  # (lead, X[j]) for the loop's own expression
    nx = np.empty(n)  # |x_i|, computed block by block in the first epoch (block in cache) ...
    q = np.empty(n)  # ... and y_i / |x_i|
    known = 0  # nx[:known] and q[:known] are filled in
    bmax = int(min(n, max(BLOCK_MIN, BLOCK_BYTES // (8 * d1))))
    sbuf = np.empty(bmax)
    okbuf = np.empty(bmax, dtype=bool)

    alpha = np.zeros(n, dtype=np.int64)
    mpe, upd_epoch, upd_index = array("q"), array("q"), array("q")
    history = [w.copy()] if keep_weights else None
    cnw = _scaled_norm(w, c)  # bounds c |w|; the band is y_i s_i / |x_i| in (-cnw, cnw]
    since = 0  # updates since cnw was computed exactly
    size = BLOCK_MIN
    converged = False
    epoch = 0
    while not converged and epoch < max_epochs:
        epoch += 1
        mistakes = 0
        i = 0
        while i < n:
            if size < 0:  # dense mistakes: the next examples one at a time, as in the loop
                b = min(n, i - size)
                before, run = mistakes, b - i
                for j in range(i, b):
                    xh = rows.row(X, j)
                    if y[j] * (w @ xh) <= 0:
                        w += eta * y[j] * xh
                        alpha[j] += 1
                        mistakes += 1
                        upd_epoch.append(epoch)
                        upd_index.append(j)
                        if keep_weights:
                            history.append(w.copy())
                cnw, since = _scaled_norm(w, c), 0
                i = b
                # stay while at least a third are mistakes (break-even of the two modes)
                size = -DENSE_RUN if 3 * (mistakes - before) >= run else BLOCK_MIN
                continue
            b = min(n, i + size)
            m = b - i
            s, ok = sbuf[:m], okbuf[:m]
            np.dot(X[i:b], wx, out=s)
            if lead != 0.0:
                s += lead * w[0]  # the same d1 products in another order: within the band
            if b > known:
                _row_norms(X[known:b], lead, nx[known:b])
                np.divide(y[known:b], nx[known:b], q[known:b])
                nxmax = max(nxmax, float(nx[known:b].max()))
                known = b
            np.multiply(s, q[i:b], s)  # y_i s_i / |x_i|
            trusted = cnw * nxmax <= tmax  # no overflow possible in any order of summation
            if trusted:
                np.greater(s, cnw, ok)  # certainly not a mistake
            else:  # every example to the loop's own expression
                ok.fill(False)
            k = int(ok.argmin())
            hit = -1
            while not ok[k]:  # a candidate: certainly a mistake, or near 0 / NaN
                j = i + k
                if trusted and s[k] <= -cnw:
                    hit = j
                    break
                xh = rows.row(X, j)
                if y[j] * (w @ xh) <= 0:
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
            since += 1
            if since == _RENORM_EVERY:
                cnw, since = _scaled_norm(w, c), 0
            else:  # |w + eta y x| <= |w| + eta |x| (the band has 8x slack for rounding)
                cnw = max(cnw + ceta * nx[hit], _TINY)
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


def _row_norm_py(X, i, lead, tiny):
    acc = lead * lead
    for j in range(X.shape[1]):
        acc += X[i, j] * X[i, j]
    return max(np.sqrt(acc), tiny)


def _band_py(w, c, tiny):
    # c |w| floored at tiny, exactly 0 when w = 0 (then every score is exactly 0)
    nw = np.sqrt(_nb_sumsq(w))
    return 0.0 if nw == 0.0 else max(c * nw, tiny)


def _perceptron_kernel_py(X, lead, y, nx, eta, w, max_epochs, c, tiny, state, force, alpha, mpe, ue, ui):
    """Alg. 7.1 on the rows (lead, X[i]), from state = [epoch, i, mistakes so far in this epoch, updates so far].

    Returns a status: _DONE, or _AMBIGUOUS when example state[1] has a score
    within the band around 0 (the caller decides it with numpy and calls
    again with force set), or _TRACE_FULL / _EPOCHS_FULL when ue, ui or mpe
    must grow.  w, alpha, mpe, ue, ui and state are updated in place.
    """
    n, d = X.shape
    epoch, i0, mistakes, nupd = state[0], state[1], state[2], state[3]
    cap = ue.shape[0]
    cnw = _nb_band(w, c, tiny)
    ceta = c * eta
    tmax = c * 2.0**1020  # _OVERFLOW_SAFE: above it (or NaN) the fast score is not trusted
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
            cnw = _nb_band(w, c, tiny)
            alpha[i0] += 1
            mistakes += 1
            ue[nupd] = epoch
            ui[nupd] = i0
            nupd += 1
        i0 += 1
    while True:
        for i in range(i0, n):
            ys = y[i] * _nb_dot(w, X, i, lead)
            r = nx[i]
            if r < 0.0:  # |x_i| not known yet: compute it while the row is in cache
                r = _nb_row_norm(X, i, lead, tiny)
                nx[i] = r
            t = cnw * r
            if not (t <= tmax):  # |x_i| |w| may overflow: ask the caller
                state[0], state[1], state[2], state[3] = epoch, i, mistakes, nupd
                return _AMBIGUOUS
            if ys > t:  # certainly correct
                continue
            if not (ys <= -t):  # near 0, or NaN: ask the caller
                state[0], state[1], state[2], state[3] = epoch, i, mistakes, nupd
                return _AMBIGUOUS
            if nupd == cap:
                state[0], state[1], state[2], state[3] = epoch, i, mistakes, nupd
                return _TRACE_FULL
            step = eta * y[i]
            w[0] = w[0] + step * lead  # the loop's arithmetic: no fused multiply-add
            for j in range(d):
                w[j + 1] = w[j + 1] + step * X[i, j]
            since += 1
            if since == _RENORM_EVERY:
                cnw = _nb_band(w, c, tiny)
                since = 0
            else:  # |w + eta y x| <= |w| + eta |x| (the band has 8x slack for rounding)
                cnw = max(cnw + ceta * r, tiny)
            alpha[i] += 1
            mistakes += 1
            ue[nupd] = epoch
            ui[nupd] = i
            nupd += 1
        mpe[epoch - 1] = mistakes
        if mistakes == 0 or epoch >= max_epochs:
            state[0], state[1], state[2], state[3] = epoch, n, mistakes, nupd
            return _DONE
        if epoch == mpe.shape[0]:
            state[0], state[1], state[2], state[3] = epoch + 1, 0, 0, nupd
            return _EPOCHS_FULL
        epoch += 1
        i0 = 0
        mistakes = 0
        cnw = _nb_band(w, c, tiny)
        since = 0


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
        g["_nb_band"] = _njit(_band_py)
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
    d1 = d + 1
    rows = _LoopRows(lead, d)  # (lead, X[i]) for the loop's own expression
    nx = np.full(n, -1.0)  # |x_i|, filled in by the kernel on the first visit (no extra pass over X)
    alpha = np.zeros(n, dtype=np.int64)
    mpe = np.zeros(min(max_epochs, 256), dtype=np.int64)
    cap = int(min(n * max_epochs, max(4096, 2 * n)))
    ue = np.empty(cap, dtype=np.int64)
    ui = np.empty(cap, dtype=np.int64)
    state = np.array([1, 0, 0, 0], dtype=np.int64)
    c = _band_constant(d1)
    eta = float(eta)
    force = _FORCE_NONE
    while True:
        status = kernel(X, lead, y, nx, eta, w, max_epochs, c, _TINY, state, force, alpha, mpe, ue, ui)
        force = _FORCE_NONE
        if status == _DONE:
            break
        if status == _AMBIGUOUS:  # a score near 0: decide with the loop's own expression
            i = int(state[1])
            xh = rows.row(X, i)
            force = _FORCE_MISTAKE if y[i] * (w @ xh) <= 0 else _FORCE_CORRECT
        elif status == _TRACE_FULL:
            ue, ui = _grown(ue), _grown(ui)
        else:  # _EPOCHS_FULL
            mpe = _grown(mpe)
    epoch, nupd = int(state[0]), int(state[3])
    mpe = mpe[:epoch]
    history = _replay_history(X, lead, y, eta, w_init, ui[:nupd]) if keep_weights else None
    # slices, not copies: the result object copies them into its own read-only arrays
    return w, bool(mpe[-1] == 0), epoch, alpha, mpe, ue[:nupd], ui[:nupd], history
