#!/bin/sh
# Install the notebook dependencies into the active virtual environment.
set -eu

if [ -z "${VIRTUAL_ENV:-}" ]; then
    echo "Activate the virtual environment first: . .venv/bin/activate" >&2
    exit 1
fi

python -m pip install -U pip
python -m pip install -r requirements.txt
python -m pip install jupyterlab==4.2.5
python -m pip check
