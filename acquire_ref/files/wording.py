"""The files layer's words that are not one module's: the kinds of file as messages name them,
the refusals of standard input and of a side file of another user, the operating system's common
errors and TOML's syntax errors, in the language in force (:mod:`acquire_ref.language`).
:mod:`acquire_ref.files.storage` raises them."""

from __future__ import annotations

import errno
import re

from acquire_ref import language
from acquire_ref.language import _, number


def noun(what: str) -> str:
    """The kind of file ``what`` (``"game file"``, ``"script"``, ...) in the language spoken, for a
    message that names it; a kind it does not know as given."""
    nouns = {"game file": _("game file"), "script": _("script"), "game file or script": _("game file or script"),
             "event file": _("event file"), "export": _("export"), "seats' file": _("seats' file"),
             "position file": _("position file"), "ruleset file": _("ruleset file"),
             "event file's previous version": _("event file's previous version")}
    return nouns.get(what, what)


def another_user(what: str, owner: int, user: int) -> str:
    """Why a side file of the kind ``what`` is not read: it belongs to the user id ``owner``, not
    to ``user`` who runs the command (:func:`acquire_ref.files.storage.owner_problem`)."""
    return _("the {kind} belongs to another user (user id {owner}, not {user} who runs this command), so it is not "
             "read: anyone who can write in its folder could have put it there").format(
        kind=noun(what), owner=owner, user=user)


def standard_input(problem: str, what: str, error: str = "", most: int = 0) -> str:
    """A refusal of standard input read as a ``what`` (``"script"``): ``problem`` is ``"unread"``
    (with the system's ``error``), ``"large"`` (more than ``most`` bytes) or ``"bom"``."""
    said = {"unread": _("standard input: can't read the {kind}: {error}"),
            "large": _("standard input is more than {most} bytes: too large for a {kind}"),
            "bom": _("standard input starts with a byte-order mark: send the {kind} as UTF-8 without BOM")}[problem]
    return said.format(kind=noun(what), error=error, most=number(most))


def system_error(exc: BaseException) -> str:
    """What the operating system said of ``exc`` (an :class:`OSError`'s ``strerror``, else the
    exception as text), for a message that quotes it: in English the system's own text; in another
    language the common errors worded by their errno's name (``EACCES``, ``ENOENT``, ``ENOSPC``,
    ...), and any other error as the system says it."""
    text = str(getattr(exc, "strerror", None) or exc)
    name = errno.errorcode.get(getattr(exc, "errno", None) or 0)
    if name is None or language.current() == language.SOURCE:
        return text
    return _system_words().get(name, text)


def _system_words() -> dict[str, str]:
    """The common errors by errno name, in the language in force."""
    return {"EACCES": _("Permission denied"), "EPERM": _("Operation not permitted"),
            "ENOENT": _("No such file or directory"), "EISDIR": _("Is a directory"),
            "ENOTDIR": _("Not a directory"), "ENOSPC": _("No space left on device"),
            "EDQUOT": _("Disk quota exceeded"), "EROFS": _("Read-only file system"), "EEXIST": _("File exists"),
            "ELOOP": _("Too many levels of symbolic links"), "ENAMETOOLONG": _("File name too long"),
            "EIO": _("Input/output error"), "EMFILE": _("Too many open files"),
            "EBUSY": _("Device or resource busy"), "EADDRINUSE": _("Address already in use"),
            "EADDRNOTAVAIL": _("Cannot assign requested address")}


def toml_problem(detail: str) -> str:
    """tomllib's message ``detail`` (``Invalid value (at line 3, column 5)``) in the language in
    force: its common words worded through the catalogue and its place as the language writes it
    (``Ungültiger Wert (Zeile 3, Spalte 5)``). In English the message as tomllib wrote it; words
    this table does not know (another Python's) stay tomllib's, with the place in the language."""
    found = re.fullmatch(r"(.*) \(at (?:line (\d+), column (\d+)|end of document)\)", detail, re.S)
    if found is None or language.current() == language.SOURCE:
        return detail
    words, line, column = found.groups()
    place = _("line {line}, column {column}").format(line=line, column=column) if line else _("at the end of the file")
    return f"{_toml_words(words)} ({place})"


def _toml_words(words: str) -> str:
    """tomllib's ``words`` (CPython's Lib/tomllib/_parser.py) in the language in force, or as they are."""
    fixed = {"Invalid value": _("Invalid value"), "Invalid statement": _("Invalid statement"),
             "Expected newline or end of document after a statement":
                 _("Expected a new line or the end of the file after a statement"),
             "Expected '=' after a key in a key/value pair": _("Expected '=' after a key in a key/value pair"),
             "Expected ']' at the end of a table declaration": _("Expected ']' at the end of a table declaration"),
             "Expected ']]' at the end of an array declaration": _("Expected ']]' at the end of an array declaration"),
             "Cannot overwrite a value": _("Cannot overwrite a value"),
             "Invalid initial character for a key part": _("Invalid first character of a key"),
             "Unclosed array": _("Unclosed array"), "Unclosed inline table": _("Unclosed inline table"),
             "Unterminated string": _("Unterminated string"), "Unescaped '\\' in a string": _("Unescaped '\\' in a string"),
             "Invalid hex value": _("Invalid hex value"), "Invalid date or datetime": _("Invalid date or datetime"),
             "Escaped character is not a Unicode scalar value": _("Escaped character is not a Unicode scalar value")}
    if words in fixed:
        return fixed[words]
    found = re.fullmatch(r"(Cannot declare|Illegal character|Found invalid character|Duplicate inline table key|"
                         r"Cannot mutate immutable namespace|Cannot redefine namespace|Expected) (.+?)( twice)?", words, re.S)
    if found is None or (found[1] == "Cannot declare") != bool(found[3]):
        return words
    said = {"Cannot declare": _("Cannot declare {key} twice"), "Illegal character": _("Illegal character {char}"),
            "Found invalid character": _("Invalid character {char}"),
            "Duplicate inline table key": _("Key {key} given twice in an inline table"),
            "Cannot mutate immutable namespace": _("Cannot add to {key}: it was given whole, as an inline table or array"),
            "Cannot redefine namespace": _("Cannot declare {key} again"),
            "Expected": _("Expected {char}")}[found[1]]
    key = _table(found[2]) if found[1] in ("Cannot declare", "Cannot mutate immutable namespace",
                                           "Cannot redefine namespace") else found[2]
    return said.format(key=key, char=found[2])


def _table(key: str) -> str:
    """A table's key as tomllib writes it in a message (``('a', 'b')``) as its header (``[a.b]``),
    a part that is no bare key quoted (``('a.b',)`` is ``["a.b"]``)."""
    import ast

    try:
        parts = ast.literal_eval(key)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return key
    if not isinstance(parts, tuple) or not all(isinstance(p, str) for p in parts):
        return key
    return "[" + ".".join(p if re.fullmatch(r"[A-Za-z0-9_-]+", p) else '"' + p.replace("\\", "\\\\").replace('"', '\\"') + '"'
                          for p in parts) + "]"
