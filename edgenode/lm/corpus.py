"""The training corpus: the three workloads the product targets, each a question and a structured answer
that follows from the question by fixed rules (so a small model can learn them and a test can check them).

    fraud-check   card transaction -> risk, reasons, action
    crop-advice   soil and climate -> crop, fertiliser, irrigation
    grid-config   feeder load      -> breakers, tap, reserve
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass

CITIES = ("Casablanca", "Rabat", "Dakar", "Lagos", "Tunis", "Nairobi", "Accra", "Abidjan")
SOILS = ("sand", "loam", "clay", "silt")
SEASONS = ("spring", "summer", "autumn", "winter")
REGIONS = ("Meknes", "Souss", "Thies", "Kano", "Kairouan", "Rift")
WORKLOADS = ("fraud-check", "crop-advice", "grid-config")


@dataclass(frozen=True)
class Example:
    workload: str
    question: str
    answer: str

    @property
    def prompt(self) -> str:
        return f"Q: {self.question}\nA: "

    @property
    def text(self) -> str:
        return f"{self.prompt}{self.answer}\n"


def fraud(rng: random.Random) -> Example:
    card = rng.randrange(1000, 10000)
    amount = rng.choice((50, 120, 300, 500, 900, 1500, 3000, 5000, 8000))
    hour = rng.randrange(24)
    city, home = rng.choice(CITIES), rng.choice(CITIES)
    recent = rng.randrange(0, 7)
    question = (f"card {card} paid {amount} MAD at {hour:02d}:00 in {city}, home {home}, "
                f"{recent} payments last hour. fraud?")
    return Example("fraud-check", question, fraud_answer(amount, hour, city, home, recent))


def fraud_answer(amount: float, hour: int, city: str, home: str, recent: int) -> str:
    """The fraud-check rule: an amount in MAD paid at `hour`, `recent` payments in the last hour."""
    reasons = []
    if city != home:
        reasons.append("foreign")
    if hour < 6:
        reasons.append("night")
    if recent >= 4:
        reasons.append("velocity")
    if amount >= 3000:
        reasons.append("amount")
    risk = "high" if len(reasons) >= 2 else "medium" if reasons else "low"
    action = {"high": "block", "medium": "verify", "low": "allow"}[risk]
    return f"{{risk: {risk}, reasons: [{', '.join(reasons)}], action: {action}}}"


def crop(rng: random.Random) -> Example:
    soil, season, region = rng.choice(SOILS), rng.choice(SEASONS), rng.choice(REGIONS)
    ph = rng.choice((5.5, 6.0, 6.5, 7.0, 7.5, 8.0))
    rain = rng.choice((150, 250, 350, 450, 600, 800))
    question = f"soil {soil} pH {ph} rain {rain} mm region {region} season {season}. crop?"
    return Example("crop-advice", question, crop_answer(soil, ph, rain, season))


def crop_answer(soil: str, ph: float, rain: float, season: str) -> str:
    """The crop-advice rule: `rain` in mm."""
    if rain < 300:
        name = "barley" if ph >= 7.0 else "millet"
    elif soil == "clay":
        name = "rice" if rain >= 600 else "wheat"
    elif season in ("spring", "summer"):
        name = "maize" if ph < 7.0 else "sorghum"
    else:
        name = "wheat"
    fertiliser = "NPK 15-15-15" if ph < 6.5 else "NPK 20-10-10" if ph < 7.5 else "urea"
    irrigation = "high" if rain < 300 else "medium" if rain < 500 else "low"
    return f"{{crop: {name}, fertiliser: {fertiliser}, irrigation: {irrigation}}}"


def grid(rng: random.Random) -> Example:
    feeder = rng.randrange(1, 40)
    load = rng.randrange(10, 60)
    peak = load + rng.randrange(0, 20)
    solar = rng.randrange(0, 25)
    question = f"feeder F{feeder} load {load} MW peak {peak} MW solar {solar} MW. config?"
    return Example("grid-config", question, grid_answer(peak, solar))


def grid_answer(peak: float, solar: float) -> str:
    """The grid-config rule: `peak` and `solar` in MW; the reserve is 15% of the net load, rounded up, at least 5."""
    net = peak - solar
    b2 = "closed" if net > 40 else "open"
    tap = "+2" if net > 45 else "+1" if net > 30 else "0"
    reserve = max(5, math.ceil(round(net * 15, 6) / 100))  # (rounded first: 0.1 MW steps carry float noise)
    return f"{{breakers: [B1 closed, B2 {b2}], tap: {tap}, reserve: {reserve} MW}}"


MAKERS = {"fraud-check": fraud, "crop-advice": crop, "grid-config": grid}


def examples(n: int, seed: int, workload: str | None = None) -> list[Example]:
    rng = random.Random(seed)
    kinds = [workload] if workload else list(WORKLOADS)
    return [MAKERS[kinds[i % len(kinds)]](rng) for i in range(n)]
