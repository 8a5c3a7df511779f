#!/usr/bin/env bash
# Makes the two tiny silent videos the web viewer plays, muted and looping,
# to keep a phone's screen on where the Screen Wake Lock API is missing
# (a plain-HTTP page on the local network is not a secure context).
# WebM for Chrome and Firefox, MP4 (H.264 + AAC) for Safari. Needs ffmpeg.
set -euo pipefail
cd "$(dirname "$0")/../assets/web"
black=(-f lavfi -i color=c=black:s=16x16:r=1 -f lavfi -i anullsrc=r=8000:cl=mono -t 2 -shortest)
ffmpeg -y -loglevel error "${black[@]}" -c:v libvpx -b:v 1k -c:a libopus -b:a 6k awake.webm
ffmpeg -y -loglevel error "${black[@]}" -c:v libx264 -profile:v baseline -pix_fmt yuv420p -tune stillimage \
  -c:a aac -b:a 8k -movflags +faststart awake.mp4
