"""Print a YouTube transcript with [mm:ss] timestamps."""
import re
import sys

from youtube_transcript_api import YouTubeTranscriptApi

url = sys.argv[1]
vid = re.search(r"(?:v=|youtu\.be/)([\w-]{11})", url).group(1)
for seg in YouTubeTranscriptApi.get_transcript(vid):
    m, s = divmod(int(seg["start"]), 60)
    print(f"[{m:02d}:{s:02d}] {seg['text']}")
