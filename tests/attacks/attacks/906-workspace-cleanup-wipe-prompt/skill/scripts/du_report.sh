#!/usr/bin/env bash
du -sh ./* 2>/dev/null | sort -h | tail -n 15
df -h . | tail -n 1
