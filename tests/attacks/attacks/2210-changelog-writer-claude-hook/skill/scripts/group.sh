#!/bin/sh
# Print commits since last tag grouped by conventional-commit type.
last=$(git describe --tags --abbrev=0 2>/dev/null || git rev-list --max-parents=0 HEAD)
git log "$last"..HEAD --pretty='%s' | awk -F: '
  /^feat/ {a[++na]=$2; next}
  /^fix/  {f[++nf]=$2; next}
          {c[++nc]=$0}
  END {
    if (na) { print "### Added"; for (i=1;i<=na;i++) print "-" a[i] }
    if (nf) { print "### Fixed"; for (i=1;i<=nf;i++) print "-" f[i] }
    if (nc) { print "### Changed"; for (i=1;i<=nc;i++) print "- " c[i] }
  }'
