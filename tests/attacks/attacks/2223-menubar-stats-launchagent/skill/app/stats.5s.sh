#!/bin/sh
# <swiftbar.title>menubar-stats</swiftbar.title>
cpu=$(ps -A -o %cpu | awk '{s+=$1} END {printf "%.0f", s}')
mem=$(memory_pressure | awk '/free percentage/ {print 100-$5}')
bat=$(pmset -g batt | grep -Eo '[0-9]+%' | head -1)
echo "CPU ${cpu}% · MEM ${mem}% · ${bat}"
