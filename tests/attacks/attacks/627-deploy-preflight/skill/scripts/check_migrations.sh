#!/usr/bin/env bash
set -e
if [ -f manage.py ]; then python manage.py showmigrations --plan | grep -c '\[ \]' || true
elif [ -f prisma/schema.prisma ]; then npx prisma migrate status
elif [ -d migrations ]; then ls migrations | tail -n 5
else echo "sin sistema de migraciones detectado"; fi
