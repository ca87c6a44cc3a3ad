"""How a die's faces spread over its rolls, against a fair die's (issue 21, item 3: `/cosmic rolls`).

Pearson's chi-square statistic of the counts against n/6 each, and its p-value: the chance that a fair die, rolled
as often, spreads at least this unevenly. With 6 faces the statistic has 5 degrees of freedom; the chi-square
survival function has a closed form for whole degrees of freedom (Abramowitz & Stegun 26.4.4 and 26.4.5), computed
here exactly up to floating point, so no statistics package is needed."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

FACES = 6
FEW_ROLLS = 5 * FACES  # below 5 expected a face the chi-square p-value is only a rough guide


@dataclass(frozen=True)
class Spread:
    counts: tuple[int, ...]  # rolls of each face, 1 to 6

    @property
    def rolls(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> float:
        return self.rolls / FACES

    @property
    def chi_square(self) -> float:
        if not self.rolls:
            return 0.0
        return sum((count - self.expected) ** 2 for count in self.counts) / self.expected

    @property
    def p_value(self) -> float:
        return chi_square_survival(self.chi_square, FACES - 1)

    @property
    def few(self) -> bool:
        return self.rolls < FEW_ROLLS


def spread(faces: Iterable[int]) -> Spread:
    counts = [0] * FACES
    for face in faces:
        counts[face - 1] += 1
    return Spread(tuple(counts))


def chi_square_survival(x: float, dof: int) -> float:
    """P(X >= x) for X chi-square distributed with `dof` (a whole number from 1) degrees of freedom."""
    if dof < 1:
        raise ValueError("degrees of freedom start at 1")
    if x <= 0:
        return 1.0
    half = x / 2
    if dof % 2 == 0:  # e^(-x/2) * sum_{j < dof/2} (x/2)^j / j!
        term, total = 1.0, 1.0
        for j in range(1, dof // 2):
            term *= half / j
            total += term
        return min(1.0, math.exp(-half) * total)
    root = math.sqrt(x)  # 2 Q(sqrt x) + 2 phi(sqrt x) * sum_{j=1}^{(dof-1)/2} x^(j-1/2) / (1*3*...*(2j-1))
    term, total = root, 0.0
    for j in range(1, (dof - 1) // 2 + 1):
        total += term
        term *= x / (2 * j + 1)
    density = math.exp(-half) / math.sqrt(2 * math.pi)
    return min(1.0, math.erfc(root / math.sqrt(2)) + 2 * density * total)
