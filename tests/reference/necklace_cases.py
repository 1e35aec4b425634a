"""Reference answers of word.enumerate.necklaces by brute force over all kⁿ words, not by the
Fredricksen–Kessler–Maiorana algorithm.

Every word of itertools.product(range(k), repeat=n) is reduced to its canonical form — the least
rotation (necklaces), the least rotation of the word and of its reversal (bracelets); Lyndon
words are the aperiodic words equal to their least rotation — and the distinct canonical forms
are sorted. Long words (n up to 1,000) are listed by scanning the words in increasing order and
keeping those that equal their canonical form. Counts for large n come from the cycle-index
formulas with sympy.totient and sympy.mobius, themselves checked against the brute-force counts
and the published values of A000031 (binary necklaces), A001037 (binary Lyndon words), A000029
(binary bracelets) and A001867 (ternary necklaces).

De Bruijn sequences: the expected sequence is the concatenation, in lexicographic order, of the
brute-forced Lyndon words whose length divides n; it is checked to contain every word of length
n exactly once cyclically, and for kⁿ ≤ 16 a depth-first search over all strings in
lexicographic order confirms it is the least de Bruijn sequence and counts all of them (each
cyclic class once, as the rotation that starts with 0ⁿ) against (k!)^(k^(n−1)) / kⁿ.

Prints {"capability", "input", "expected"} per line; see number_theory_cases.py.
"""
import itertools
import json
import math
import sys
from fractions import Fraction

from sympy import divisors, mobius, totient

sys.set_int_max_str_digits(0)

CAP = "word.enumerate.necklaces"
CASES = []


def rotations(w):
    return [w[i:] + w[:i] for i in range(len(w))]


def canonical(w, kind):
    if kind == "bracelets":
        return min(rotations(w) + rotations(w[::-1]))
    return min(rotations(w))


def is_lyndon(w):
    return all(w < r for r in rotations(w)[1:])


def brute(kind, n, k):
    """All canonical words of the kind, sorted."""
    if kind == "lyndon_words":
        return sorted(w for w in itertools.product(range(k), repeat=n) if is_lyndon(w))
    return sorted({canonical(w, kind) for w in itertools.product(range(k), repeat=n)})


def formula(kind, n, k):
    if kind == "lyndon_words":
        total = sum(int(mobius(d)) * k ** (n // d) for d in divisors(n))
        assert total % n == 0
        return total // n
    necklaces = Fraction(sum(int(totient(d)) * k ** (n // d) for d in divisors(n)), n)
    assert necklaces.denominator == 1
    if kind == "necklaces":
        return int(necklaces)
    # Dihedral group: the n reflections fix k^((n+1)/2) words each (n odd), or half of them
    # k^(n/2 + 1) and half k^(n/2) (n even).
    if n % 2:
        mirror = n * k ** ((n + 1) // 2)
    else:
        mirror = n // 2 * (k ** (n // 2 + 1) + k ** (n // 2))
    b = (necklaces * n + mirror) / Fraction(2 * n)
    assert b.denominator == 1
    return int(b)


# Published values, n = 1, 2, ….
A000031 = [2, 3, 4, 6, 8, 14, 20, 36, 60, 108, 188, 352, 632, 1182, 2192, 4116]
A001037 = [2, 1, 2, 3, 6, 9, 18, 30, 56, 99, 186, 335, 630, 1161, 2182, 4080]
A000029 = [2, 3, 4, 6, 8, 13, 18, 30, 46, 78, 126, 224, 380, 687, 1224, 2250]
A001867 = [3, 6, 11, 24, 51, 130, 315, 834, 2195, 5934, 16107, 44368]
for kind, k, values in [("necklaces", 2, A000031), ("lyndon_words", 2, A001037), ("bracelets", 2, A000029),
                        ("necklaces", 3, A001867)]:
    assert [formula(kind, n, k) for n in range(1, len(values) + 1)] == values, kind
for n, k in [(1, 1), (3, 1), (1, 4), (6, 2), (8, 2), (5, 3), (6, 3), (4, 4), (3, 5), (10, 2)]:
    for kind in ("necklaces", "lyndon_words", "bracelets"):
        assert formula(kind, n, k) == len(brute(kind, n, k)), (kind, n, k)


def first_words(kind, n, k, limit):
    """The first `limit` canonical words of length n, scanning all words in increasing order."""
    out = []
    for w in itertools.product(range(k), repeat=n):
        if len(out) >= limit:
            break
        if kind == "lyndon_words":
            keep = is_lyndon(w)
        else:
            keep = w == canonical(w, kind)
        if keep:
            out.append(list(w))
    return out


def first_words_long(kind, n, k, limit):
    """Same for long words: scan the integers 0, 1, … written in base k with n digits; the words
    kept have their letters in a string to make the rotations cheap."""
    out = []
    m = 0
    while len(out) < limit:
        digits, x = [], m
        for _ in range(n):
            digits.append(x % k)
            x //= k
        w = "".join(chr(48 + d) for d in reversed(digits))
        doubled = w + w
        rots = [doubled[i:i + n] for i in range(1, n)]
        if kind == "lyndon_words":
            keep = all(w < r for r in rots)
        else:
            keep = all(w <= r for r in rots)
            if keep and kind == "bracelets":
                rev = w[::-1]
                keep = all(w <= (rev + rev)[i:i + n] for i in range(n))
        if keep:
            out.append([ord(c) - 48 for c in w])
        m += 1
    return out


def case(kind, n, k, limit=None, count=None, words=None):
    inp = {"kind": kind, "n": n, "k": k}
    if limit is not None:
        inp["limit"] = limit
    shown = limit if limit is not None else (100 if n <= 1000 else 0)
    total = formula(kind, n, k)
    if count is not None:
        assert total == count, (kind, n, k, total, count)
    if words is None:
        if k ** n <= 300_000:
            words = [list(w) for w in brute(kind, n, k)][:shown]
            assert words == first_words(kind, n, k, shown)
        else:
            words = first_words_long(kind, n, k, shown)
    exp = {"count": str(total), "words": words, "complete": len(words) == total}
    CASES.append({"capability": CAP, "input": inp, "expected": exp})


# Small cases, listed whole or cut by `limit`.
case("necklaces", 6, 2, count=14)
case("lyndon_words", 6, 2, count=9)
case("bracelets", 6, 2, count=13)
case("necklaces", 5, 3, count=51)
case("lyndon_words", 5, 3)
case("bracelets", 5, 3)
case("necklaces", 4, 4)
case("lyndon_words", 4, 4, limit=7)
case("bracelets", 6, 3, limit=20)
case("necklaces", 1, 1)
case("lyndon_words", 1, 1)
case("lyndon_words", 3, 1)             # 000 is periodic: no Lyndon word
case("bracelets", 3, 1)
case("necklaces", 1, 5)
case("lyndon_words", 2, 3)
case("necklaces", 10, 2, count=108)    # 108 > 100 listed by default
case("lyndon_words", 12, 2, limit=1000, count=335)
case("bracelets", 12, 2, limit=300, count=224)
case("necklaces", 9, 3, limit=2195, count=2195)
case("bracelets", 8, 2, limit=5)
case("necklaces", 8, 2, limit=0)
case("lyndon_words", 7, 3, limit=50)
# Long words: the first few listed, counts from the formulas.
case("necklaces", 1000, 2, limit=4)
case("lyndon_words", 1000, 2, limit=4)
case("bracelets", 1000, 2, limit=4)
case("lyndon_words", 60, 3, limit=6)
case("bracelets", 40, 5, limit=6)
# Counts only.
case("necklaces", 50, 2, limit=0)
case("lyndon_words", 100, 2, limit=0)
case("bracelets", 100, 2, limit=0)
case("necklaces", 1000, 2, limit=0)
case("necklaces", 30, 3, limit=0)
case("lyndon_words", 210, 7, limit=0)
case("bracelets", 999, 10, limit=0)
case("necklaces", 5000, 2)             # n > 1000: nothing listed by default


# --- de Bruijn sequences -----------------------------------------------------------------------

def lyndon_concatenation(n, k):
    """The Lyndon words (brute force) of every length d | n, sorted together lexicographically."""
    words = []
    for d in divisors(n):
        if k ** d <= 300_000:
            words += [w for w in itertools.product(range(k), repeat=d) if is_lyndon(w)]
        else:
            raise ValueError("too many words")
    return [x for w in sorted(words) for x in w]


def is_de_bruijn(s, n, k):
    """Every word of length n read cyclically exactly once (a window may wrap several times)."""
    L = len(s)
    windows = {tuple(s[(i + j) % L] for j in range(n)) for i in range(L)}
    return L == k ** n and len(windows) == L


def dfs_de_bruijn(n, k, prefix):
    """All strings of length kⁿ beginning with `prefix` that are de Bruijn cyclically, in
    lexicographic order (a generator); a branch dies as soon as a window repeats."""
    L = k ** n
    s = list(prefix)
    seen = {tuple(s[i:i + n]) for i in range(len(s) - n + 1)}
    assert len(seen) == max(0, len(s) - n + 1)

    def go():
        if len(s) == L:
            if is_de_bruijn(s, n, k):
                yield list(s)
            return
        for c in range(k):
            s.append(c)
            w = tuple(s[-n:]) if len(s) >= n else None
            if w is None or w not in seen:
                if w is not None:
                    seen.add(w)
                yield from go()
                if w is not None:
                    seen.discard(w)
            s.pop()

    return go()


def number(n, k):
    top = math.factorial(k) ** (k ** (n - 1))
    assert top % k ** n == 0
    return top // k ** n


def de_bruijn(n, k, with_sequence=True):
    L = k ** n
    exp = {"length": L}
    if with_sequence:
        s = lyndon_concatenation(n, k)
        assert is_de_bruijn(s, n, k), (n, k)
        if L <= 16:
            least = next(dfs_de_bruijn(n, k, []))
            assert least == s, (n, k, least, s)
            if n <= L:
                assert sum(1 for _ in dfs_de_bruijn(n, k, [0] * n)) == number(n, k)
        exp["sequence"] = s
    digits = math.lgamma(k + 1) / math.log(10) * k ** (n - 1) - n * math.log10(k)
    exp["number_of_sequences"] = str(number(n, k)) if digits <= 100_000 else None
    CASES.append({"capability": CAP, "input": {"kind": "de_bruijn", "n": n, "k": k}, "expected": exp})


de_bruijn(1, 1)
de_bruijn(3, 1)
de_bruijn(1, 4)
de_bruijn(2, 2)
de_bruijn(3, 2)
assert CASES[-1]["expected"]["sequence"] == [0, 0, 0, 1, 0, 1, 1, 1]   # B(2, 3) = 00010111
de_bruijn(4, 2)
de_bruijn(2, 3)
de_bruijn(2, 4)
de_bruijn(3, 3)
de_bruijn(5, 2)
de_bruijn(8, 2)
de_bruijn(3, 5)
de_bruijn(4, 4)
de_bruijn(16, 2)
# (6!)^(6^6) / 6^7 has about 133,000 digits: beyond the 100,000 given in full.
de_bruijn(7, 6, with_sequence=False)
assert CASES[-1]["expected"]["number_of_sequences"] is None

for c in CASES:
    print(json.dumps(c))
