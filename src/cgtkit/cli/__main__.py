"""``python -m cgtkit.cli``: the ``cgtkit`` command."""

import sys

from .main import main

sys.exit(main())
