# Plausible wrong answers for chapter 01: each must lose points under the grader.
MUTANTS = {
    "ch01-dot": [
        ("product of the sums", '''def dot(a, b):
    """Return sum_i a[i] * b[i] for two sequences of equal length."""
    return sum(a) * sum(b)
'''),
        ("last coordinate skipped (off by one)", '''def dot(a, b):
    """Return sum_i a[i] * b[i] for two sequences of equal length."""
    total = 0.0
    for i in range(len(a) - 1):
        total += a[i] * b[i]
    return total
'''),
        ("returns the products, not their sum", '''def dot(a, b):
    """Return sum_i a[i] * b[i] for two sequences of equal length."""
    return [a_i * b_i for a_i, b_i in zip(a, b)]
'''),
        ("sum of sums instead of sum of products", '''def dot(a, b):
    """Return sum_i a[i] * b[i] for two sequences of equal length."""
    total = 0.0
    for a_i, b_i in zip(a, b):
        total += a_i + b_i
    return total
'''),
    ],
    "ch01-projection": [
        ("forgot to normalise b", '''def projection_length(a, b):
    """Signed length of the projection of a onto the direction of b (b != 0)."""
    return float(np.dot(a, b))
'''),
        ("divides by |b|^2 instead of |b|", '''def projection_length(a, b):
    """Signed length of the projection of a onto the direction of b (b != 0)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.dot(a, b) / np.dot(b, b))
'''),
        ("divides by |a| instead of |b|", '''def projection_length(a, b):
    """Signed length of the projection of a onto the direction of b (b != 0)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.dot(a, b) / np.linalg.norm(a))
'''),
        ("unsigned (absolute value)", '''def projection_length(a, b):
    """Signed length of the projection of a onto the direction of b (b != 0)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(abs(np.dot(a, b)) / np.linalg.norm(b))
'''),
        ("returns the cosine", '''def projection_length(a, b):
    """Signed length of the projection of a onto the direction of b (b != 0)."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))
'''),
        ("the given function unchanged: it divides by |b|^2 and drops the sign", '''def projection_length(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(abs(a @ b) / (b @ b))
'''),
    ],
    "ch01-by-hand": [
        ("the sign of the cosine is lost: 45° is the angle for +1/√2", """a_dot_b = -5
angle_ab = 45.0
proj_a_on_b = -5 / 5 ** 0.5
"""),
        ("the angle is in radians (3π/4), not degrees", """a_dot_b = -5
angle_ab = 3 * np.pi / 4
proj_a_on_b = -5 / 5 ** 0.5
"""),
        ("the projection is not divided by |b| (that is a·b itself)", """a_dot_b = -5
angle_ab = 135.0
proj_a_on_b = -5.0
"""),
        ("the projection is divided by |b|^2 instead of |b|", """a_dot_b = -5
angle_ab = 135.0
proj_a_on_b = -5 / 5
"""),
        ("the projection is divided by |a| instead of |b|", """a_dot_b = -5
angle_ab = 135.0
proj_a_on_b = -5 / 10 ** 0.5
"""),
        ("the projection length is given without its sign", """a_dot_b = -5
angle_ab = 135.0
proj_a_on_b = 5 / 5 ** 0.5
"""),
    ],
    "ch01-perpendicular": [
        ("turned clockwise: (a2, -a1) points the other way", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], -a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("coordinates swapped without a sign change: (a2, a1) is not perpendicular", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([a[1], a[0]])
    return length * turned / np.linalg.norm(turned)
"""),
        ("the length is ignored: (-a2, a1) keeps the length of a", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return np.array([-a[1], a[0]])
"""),
        ("multiplied by the length without normalising first", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    return length * np.array([-a[1], a[0]])
"""),
        ("normalised but not scaled to the length", """def perpendicular(a, length):
    a = np.asarray(a, dtype=float)
    turned = np.array([-a[1], a[0]])
    return turned / np.linalg.norm(turned)
"""),
    ],
}
