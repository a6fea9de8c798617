"""The ``acquire-ref`` command line (DESIGN 2), one module per concern:

- :mod:`~acquire_ref.cli.app`: the Typer app, the error group (errors become exit codes), the
  options before a command, and the order of the commands;
- :mod:`~acquire_ref.cli.output`: the game file named, the command's viewer, and how a command
  speaks (text, JSON, a move's events and ``Next:``, exports);
- :mod:`~acquire_ref.cli.options`: the options several commands share (``--edition``,
  ``--option``, ``--svg``, ``--html``, ``--json``);
- :mod:`~acquire_ref.cli.completion`: shell completion from the game file;
- :mod:`~acquire_ref.cli.new`: ``new``, and the one maker of a new game file for the command line;
- :mod:`~acquire_ref.cli.moves`: the nine move commands and the one move path;
- :mod:`~acquire_ref.cli.reading`: ``hand``, ``status``, ``score``, ``why``, ``log``, ``check``;
- :mod:`~acquire_ref.cli.card`: the information card: ``price``, ``chart``, ``bonus``;
- :mod:`~acquire_ref.cli.undo`: ``undo`` and ``redo``;
- :mod:`~acquire_ref.cli.scripts`: ``play`` and ``play --append``;
- :mod:`~acquire_ref.cli.programs`: ``watch``, ``table``, ``serve``, ``seats``, ``pipe``;
- :mod:`~acquire_ref.cli.simulate`: ``simulate``, its progress, files and report;
- :mod:`~acquire_ref.cli.tournament`: the ``tournament`` sub-commands (T1-T5);
- :mod:`~acquire_ref.cli.ratings`: ``ratings`` (T6).

The read commands a table runs all the time are answered before this package is imported, by
:mod:`acquire_ref.quick`, whose names, options and help the commands here share.

Each command is a thin call into the library; only Typer is imported at start-up.
"""

from acquire_ref.cli.app import app, run

__all__ = ["app", "run"]
