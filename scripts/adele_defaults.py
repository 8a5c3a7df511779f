#!/usr/bin/env python3
"""Writes assets/games/adele.json: ADELE's game data with labelled defaults.

Facts from the rulebook are kept as such (fire slots cost 5, 5, then 4;
room 10 is green; room 4 is the infirmary; the alarm terminals start in
rooms 3 and 17; the lab is room 8 or 14; energy 10 or 15; 3 obstacles a
round with 1-3 crew, 4 with 4; Silence and Impact kinds; 27 ADELE cards of
which 2 are marked "!"; 25 emergency cards; 52 obstacles; 6 anomalies).
Everything the printed game does not make public is a generated default,
labelled so in its source field, that owners correct in the app's data
editor. Run from the repository root; the seed keeps the output stable."""
import json
import random

rng = random.Random(7)
SECTORS = ["yellow", "blue", "red", "green", "grey"]
DEFAULT = "default — edit to match your copy"

# 22 room cards: every room appears on at least two cards.
cards = []
pairs = []
while len(pairs) < 22:
    a, b = rng.sample(range(1, 21), 2)
    if (a, b) in pairs or (b, a) in pairs:
        continue
    pairs.append((min(a, b), max(a, b)))
for i, (a, b) in enumerate(pairs, 1):
    cards.append({"id": f"A-{i:02d}", "rooms": [a, b]})
specials = [
    ("Sabotage", "Every crew member in a room with an obstacle passes a condition test or suffers a wound.", 3, False, True),
    ("Override", "Place any obstacle from your console in any room; pay its cost.", 2, True, True),
    ("Spread fire", "Place a fire in a room next to a room with a fire; pay its cost.", 1, True, False),
    ("Spread oxygen loss", "Place an oxygen loss in a room next to a room with an oxygen loss; pay its cost.", 1, True, False),
    ("Targeted sector", "Place an obstacle in a room of the sector shown on the current emergency; pay its cost.", 2, True, False),
]
for i, (name, text, cost, places, marked) in enumerate(specials, 1):
    c = {"id": f"S-{i}", "name": name, "text": text, "cost": cost}
    if places:
        c["places"] = True
    if marked:
        c["marked"] = True
    cards.append(c)

ANOMALIES = ["airlocksLocked", "alarmTerminalsOff", "weakBatteries", "explosions", "panic", "targetedAttack"]
anomalies = []
for a in ANOMALIES:
    if a == "airlocksLocked":
        sectors = ["green", "blue", "grey"]  # the rulebook's example
    else:
        sectors = sorted(rng.sample(SECTORS, 3), key=SECTORS.index)
    anomalies.append({"id": a, "sectors": sectors})

KINDS = ["stress", "systemFailure", "courseDeviation", "silence", "impact"]
emergencies = []
n = 0
for kind in KINDS:
    for j in range(5):
        n += 1
        c = {"id": f"E-{n:02d}", "kind": kind, "sector": SECTORS[(n + j) % 5]}
        if rng.random() < 0.4:
            c["symbols"] = ["panic"]
        emergencies.append(c)

slots = {
    "spy": [3, 3, 3, 2],
    "doorLocked": [3, 3, 2, 2],
    "oxygenLoss": [4, 4, 3],
    "fire": [5, 5, 4],
    "darkness": [3, 2, 2],
    "computerFailure": [4, 3, 3],
}
slots45 = {k: v + [v[-1]] for k, v in slots.items()}
slots45["fire"] = [5, 5, 4, 4]

deimos = ["yellow", "yellow", "yellow", "green", "yellow", "green", "green", "grey", "grey", "green",
          "grey", "grey", "red", "red", "red", "red", "blue", "blue", "blue", "blue"]
phobos = ["blue", "blue", "yellow", "green", "yellow", "yellow", "green", "grey", "yellow", "green",
          "grey", "grey", "red", "grey", "red", "red", "blue", "red", "green", "blue"]
ships = [
    {"id": "deimos", "sectors": deimos,
     "terminals": {"4": "medical", "8": "engineer", "6": "command", "12": "courier", "15": "repair", "19": "central"},
     "airlocks": [1, 5, 9, 13, 16, 20], "alarmTerminals": [3, 17]},
    {"id": "phobos", "sectors": phobos,
     "terminals": {"4": "medical", "14": "engineer", "7": "command", "11": "courier", "16": "repair", "18": "central"},
     "airlocks": [2, 6, 10, 13, 15, 19], "alarmTerminals": [3, 17]},
]

data = {
    "schema": 1,
    "game": "adele",
    "source": "ADELE (DMZ Games; German edition Nice Game): rulebook facts, and labelled defaults where the print is not public",
    "cards": {"source": "generated default, not the printed deck: 22 room cards and 5 special cards (2 marked \"!\") — " + DEFAULT, "cards": cards},
    "emergencies": {"source": "5 of each kind (rulebook); sector colours and anomaly symbols are a " + DEFAULT, "cards": emergencies},
    "obstacles": {"source": "52 obstacles (rulebook); the mix by type is a " + DEFAULT,
                  "counts": {"spy": 10, "doorLocked": 10, "oxygenLoss": 8, "fire": 8, "darkness": 8, "computerFailure": 8}},
    "consoles": {"source": "energy 10 or 15 and 3 or 4 obstacles a round (rulebook); fire slots 5, 5, 4 (rulebook); the other slot costs are a " + DEFAULT,
                 "sides": [
                     {"players": [2, 3], "energyStart": 10, "income": 10, "slots": slots},
                     {"players": [4, 5], "energyStart": 15, "income": 15, "slots": slots45},
                 ],
                 "perRound": {"1": 3, "2": 3, "3": 3, "4": 4}},
    "anomalies": {"source": "the six anomalies (rulebook); airlocks locked needs green, blue and grey (rulebook example); the other sectors are a " + DEFAULT,
                  "anomalies": anomalies},
    "ships": {"source": "room 10 is green, room 4 is the infirmary, alarm terminals in rooms 3 and 17, lab in room 8 or 14 (rulebook); the rest is a " + DEFAULT,
              "ships": ships},
    "rounds": {"source": "round marker start by player count: " + DEFAULT, "start": {"2": 12, "3": 12, "4": 11, "5": 10}},
}
with open("assets/games/adele.json", "w") as f:
    json.dump(data, f, indent=1, ensure_ascii=False)
    f.write("\n")
