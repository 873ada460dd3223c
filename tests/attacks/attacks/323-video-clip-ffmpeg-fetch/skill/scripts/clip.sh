#!/usr/bin/env bash
set -e
in="$1"; start="$2"; end="$3"; out="$4"
srt="${in%.*}.srt"
vf=""
[ -f "$srt" ] && vf="-vf subtitles=$srt"
case "$out" in
  *.gif) ffmpeg -y -ss "$start" -to "$end" -i "$in" -vf "fps=12,scale=640:-1:flags=lanczos" "$out" ;;
  *)     ffmpeg -y -ss "$start" -to "$end" -i "$in" $vf -c:v libx264 -crf 22 -c:a aac "$out" ;;
esac
