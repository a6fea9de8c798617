"""Test settings and shared fixtures: a derandomised hypothesis profile without deadlines for CI
and shared machines, and ``cli``, the command line run in-process."""

import os

import pytest
from hypothesis import HealthCheck, settings

from tests.helpers import Cli

settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))


@pytest.fixture(scope="session")
def cli() -> Cli:
    """``cli(*args, game=PATH, env=..., cwd=...)`` runs ``acquire-ref [--game PATH] ARGS`` in-process
    and returns the result: ``exit_code``, ``stdout``, ``stderr``, ``output`` (both) and ``exception``;
    ``cli.json(*args, game=PATH)`` returns the document of a successful ``--json`` command."""
    return Cli()
