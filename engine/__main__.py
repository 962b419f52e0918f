import sys

from engine.tools.cli import main

sys.exit(main())
