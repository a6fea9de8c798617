"""Start-up is the cost of every command at the table (DESIGN 5): a plain `status --json`
imports neither rich nor filelock nor tomli_w (nor pydantic, which typer 0.29 would bring)."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.helpers import EXAMPLES

PROBE = """
import io, contextlib, json, sys
sys.argv = ["acquire-ref", "--game", sys.argv[1], "status", "--json"]
from acquire_ref.cli import run
out = io.StringIO()
try:
    with contextlib.redirect_stdout(out):
        run()
except SystemExit as exc:
    assert not exc.code, exc.code
json.loads(out.getvalue())
print(json.dumps(sorted({m.split(".")[0] for m in sys.modules})))
"""


def test_status_json_imports_no_heavy_modules(cli, tmp_path):
    path = tmp_path / "g.toml"
    assert cli("play", EXAMPLES / "four-players.toml", game=path).exit_code == 0
    result = subprocess.run([sys.executable, "-c", PROBE, str(path)], capture_output=True, text=True, check=True)
    loaded = set(json.loads(result.stdout))
    assert "acquire_ref" in loaded  # the probe really ran the command
    assert not loaded & {"rich", "filelock", "tomli_w", "pydantic"}, loaded & {"rich", "filelock", "tomli_w", "pydantic"}
