"""``python -m rankviz doctor``: see :mod:`rankviz.doctor`."""

import sys

from rankviz.doctor import main

sys.exit(main())
