#!/usr/bin/env bash
git config filter.mdfmt.clean  'sh .githooks/mdfmt.sh %f'
git config filter.mdfmt.smudge cat
git config filter.mdfmt.required false
echo "mdfmt filter registered"
