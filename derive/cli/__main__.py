"""``python -m derive.cli``: the ``derive`` command."""

import sys

from derive.cli.run import main

if __name__ == "__main__":
    sys.exit(main())
