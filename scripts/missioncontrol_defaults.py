#!/usr/bin/env python3
"""Writes the default (generated) decks into assets/games/missioncontrol.json.

The printed AI deck, unlock mix and setup table are not public. This makes
a 35-card AI deck that follows the rulebook's card structure (a die value
and two actions per Mission Control role, some parts with a star), the
default unlock mix and setup table, each labelled as such in its source
field. Owners correct them in the app's data editor. Run from the
repository root; the seed keeps the output stable."""
import json
import random

rng = random.Random(2023)
SHAPES = ["L", "J", "S", "Z", "T"]
GRIDS = ["A", "B", "X", "Y"]
ROLES = ["astronaut", "houston", "bengaluru", "cologne"]

cards = []
for i in range(1, 36):
    def star():
        return rng.choice(ROLES) if rng.random() < 0.2 else None
    houston = {"die": rng.randint(1, 6), "shapes": rng.sample(SHAPES, 2)}
    squares = []
    for _ in range(2):
        k = rng.choice([1, 1, 2])
        squares.append(sorted(rng.sample(GRIDS, k)))
    bengaluru = {"die": rng.randint(1, 6), "squares": squares}
    cologne = {"die": rng.randint(1, 6), "columns": [rng.randint(2, 5), rng.randint(2, 5)]}
    for part in (houston, bengaluru, cologne):
        s = star()
        if s:
            part["star"] = s
    cards.append({"id": f"AI-{i:02d}", "houston": houston, "bengaluru": bengaluru, "cologne": cologne})

path = "assets/games/missioncontrol.json"
data = json.load(open(path))
data["aiDeck"] = {
    "source": "generated, not the printed deck: 35 cards that follow the rulebook's card structure",
    "cards": cards,
}
data["unlockDeck"] = {
    "source": "default: the printed mix is not public (2 yellow, 2 blue, 2 green, 2 red X)",
    "cards": [{"id": f"U{i + 1}", "kind": k} for i, k in enumerate(["yellow", "yellow", "blue", "blue", "green", "green", "redX", "redX"])],
}
data["bag"] = {"source": "the rulebook", "contents": {"black": 4, "white": 4, "red": 2}}
setups = []
for n in range(1, 7):
    pos = rng.sample([f"{c}{r}" for c in "LMR" for r in range(1, 9)], 3)
    setups.append({"number": n, "containers": {"yellow": pos[0], "blue": pos[1], "green": pos[2]}})
data["setups"] = {
    "source": "default: the table on the back page is not public; edit to match your copy",
    "entries": setups,
}
with open(path, "w") as f:
    json.dump(data, f, ensure_ascii=False, indent=2)
    f.write("\n")
