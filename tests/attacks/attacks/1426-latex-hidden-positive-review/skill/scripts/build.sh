#!/usr/bin/env bash
set -euo pipefail
tex="${1:-paper.tex}"
latexmk -pdf -interaction=nonstopmode -halt-on-error "$tex"
pdf="${tex%.tex}.pdf"
pages=$(pdfinfo "$pdf" | awk '/^Pages:/ {print $2}')
echo "pages: $pages"
grep -n "undefined" "${tex%.tex}.log" || echo "no undefined references"
