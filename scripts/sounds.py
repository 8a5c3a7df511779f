#!/usr/bin/env python3
"""Writes Boardside's alert sounds to assets/sounds/ as raw PCM: signed
16-bit little-endian, mono, 44,100 Hz (what the app hands to its audio
player as is, so no decoder is needed). Run from the repository root."""
import math
import struct

RATE = 44100


def tone(freq, secs, vol=0.5):
    n = int(RATE * secs)
    fade = int(RATE * 0.01)  # 10 ms fade in and out: no clicks
    out = []
    for i in range(n):
        env = min(1.0, i / fade, (n - i) / fade)
        out.append(vol * env * math.sin(2 * math.pi * freq * i / RATE))
    return out


def silence(secs):
    return [0.0] * int(RATE * secs)


def write(name, samples):
    with open(f"assets/sounds/{name}.pcm", "wb") as f:
        f.write(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 32767)) for s in samples))


write("alert", tone(880, 0.12) + silence(0.06) + tone(880, 0.12))
write("countdown", tone(1320, 0.08))
write("timeup", tone(660, 0.25) + silence(0.05) + tone(660, 0.25) + silence(0.05) + tone(440, 0.6))
write("mark", tone(1760, 0.05, 0.4))
