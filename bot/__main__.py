"""``python -m bot``: see ``bot.cli`` for the commands."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
