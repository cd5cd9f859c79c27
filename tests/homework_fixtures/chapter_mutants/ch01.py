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
    ],
    "ch01-cosine": [
        ("forgot to normalise b", '''def cosine(a, b):
    """Cosine of the angle between non-zero vectors a and b."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.dot(a, b) / np.linalg.norm(a))
'''),
        ("divides by the squared lengths", '''def cosine(a, b):
    """Cosine of the angle between non-zero vectors a and b."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.dot(a, b) / (np.dot(a, a) * np.dot(b, b)))
'''),
        ("returns the angle instead of its cosine", '''def cosine(a, b):
    """Cosine of the angle between non-zero vectors a and b."""
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.arccos(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b))))
'''),
        ("no normalisation at all", '''def cosine(a, b):
    """Cosine of the angle between non-zero vectors a and b."""
    return float(np.dot(a, b))
'''),
    ],
}
