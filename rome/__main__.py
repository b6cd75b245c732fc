"""``python -m rome``: see :mod:`rome.cli`."""

import sys

from .cli import main

sys.exit(main(sys.argv[1:], prog="python -m rome"))
