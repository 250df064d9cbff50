"""Every model of the one ``tutor`` app, re-exported so ``from tutor.models import X`` keeps working."""

from tutor.models.study import *  # noqa: F403
