"""The files layer's words that are not one module's: the kinds of file as messages name them,
the refusals of standard input and of a side file of another user, and the operating system's
common errors, in the language in force (:mod:`acquire_ref.language`).
:mod:`acquire_ref.files.storage` raises them."""

from __future__ import annotations

import errno

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
