"""The table console (``acquire-ref table``, DESIGN 6): a full-screen Textual app for the referee.

A front end beside :mod:`acquire_ref.cli`, imported only by the ``table`` command. It is split in
three: :mod:`~acquire_ref.console.books` keeps the game file exactly as the command line does
(lock, verify/apply, atomic write with the version check); :mod:`~acquire_ref.words.prompts`
turns the pending decision into one prompt that offers only legal answers (no Textual, so it is
tested on its own); :mod:`~acquire_ref.console.app` draws the screen and reads the keys.
"""
