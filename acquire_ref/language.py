"""Which language the program speaks, and the catalogue lookup every player-facing sentence goes
through.

A sentence is written in English in the source as one whole message with named fields, marked for
the catalogues by calling :func:`_` on the literal:

>>> with using("en"):
...     _("{player} founds {chain}").format(player="Ann", chain="Tower")
'Ann founds Tower'

The language is held per context (a command, a page request), so each phone can be served in its
own language by the same server: :func:`using` sets it for a block, :func:`speak` for the rest of
a command. English is the source and the fallback: a message with no translation is shown as
written. The catalogues are gettext's, in ``acquire_ref/locale/<code>/LC_MESSAGES/acquire_ref.mo``
(made with Babel: CONTRIBUTING, "Translations"); their words follow ``locale/GLOSSARY.md``.

Money and numbers are written as the language writes them (:func:`money`, :func:`number`, with
Babel's formatters and the locale's own currency pattern, the sign always the game's ``$``):
``$6,000`` in English, ``6.000 $`` in German, ``6 000 $`` in French. English needs no Babel and no
catalogue, so a command in English imports no Babel (nor does JSON, which is always English).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from acquire_ref.engine.errors import AcquireError

if TYPE_CHECKING:
    import gettext

DOMAIN = "acquire_ref"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
SOURCE = "en"
"""The language the messages are written in."""

LANGUAGES = {"en": "English", "de": "Deutsch", "fr": "Français"}
"""The languages the program speaks (a catalogue each, but English, the source), by code, each
named in its own words (for the pages' language choice)."""

VARIABLE = "ACQUIRE_LANG"
"""The environment variable that chooses the language over the locale's variables (``--lang``
wins over it)."""


class UnknownLanguage(AcquireError):
    """A language asked for by name (``--lang``, ``ACQUIRE_LANG``) that the program does not speak
    (a usage error: exit 2)."""

    exit_code = 2

    def __init__(self, asked: str, where: str) -> None:
        spoken = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
        super().__init__(_("{option} {asked} is no language acquire-ref speaks: it speaks {languages}").format(
            option=where, asked=repr(asked), languages=spoken))


_current: ContextVar[str] = ContextVar("acquire_ref_language", default=SOURCE)


@cache
def catalogue(code: str) -> gettext.NullTranslations:
    """The translations for the language ``code`` (``"de"``, ``"fr"``), or a catalogue that returns
    every message as written when there is none (English, an unknown code)."""
    import gettext

    if code == SOURCE:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, localedir=LOCALE_DIR, languages=[code], fallback=True)


def current() -> str:
    """The language code in force for this context (``"en"`` unless :func:`using` set another)."""
    return _current.get()


@contextmanager
def using(code: str | None) -> Iterator[str]:
    """Speak ``code`` inside the block (``None`` keeps the language in force); yields the code.
    A code the program does not speak is shown in English (the fallback)."""
    token = _current.set(code or _current.get())
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` (an English source text, usually with ``{named}`` fields to fill after) in the
    language in force (in French, one that elides before a name: :class:`Elided`)."""
    code = _current.get()
    if code == SOURCE:
        return message
    said = catalogue(code).gettext(message)
    return Elided(said) if code == "fr" else said


ELIDING = re.compile(r"\b(de|De|que|Que|lorsque|puisque) \{(player|players|who|member|minder|chain|chains|survivor|"
                     r"defunct|smaller|options|free|came|gone|bot)\}")
"""French words that elide before a vowel (``de`` and ``que`` lose their ``e`` for the apostrophe
U+2019) followed by a field that holds a player's or a chain's name, or a list of names."""

_VOWELS = "aeiouyœæø"
"""The letters a French name may start with for ``de`` to elide before it, once its accents are
taken off (Œ, Æ and Ø have none to take off); a ``y`` before a vowel is a consonant (``de Yann``,
``d'Yves``)."""


class Elided(str):
    """A French message whose :meth:`format` elides ``de``, ``que``, ... before a name (a player's,
    a chain's: the fields of :data:`ELIDING`) that starts with a vowel: ``le chevalet de {who}``
    with ``who="Ann"`` reads ``le chevalet d\u2019Ann``, with ``"Ben"`` ``le chevalet de Ben``. A name
    starting with ``h`` is left as written (its aspiration can't be told from its spelling)."""

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        """The message filled in as :meth:`str.format` fills it, elided before a name that starts
        with a vowel."""
        def elide(found: re.Match[str]) -> str:
            name = kwargs.get(found[2])
            start = unicodedata.normalize("NFD", name[:2]).lower() if isinstance(name, str) else ""
            letters = [ch for ch in start if not unicodedata.combining(ch)]
            vowel = bool(letters) and letters[0] in _VOWELS and not (letters[0] == "y" and letters[1:2] and letters[1] in _VOWELS)
            return f"{found[1][:-1]}\u2019{{{found[2]}}}" if vowel else found[0]

        return str.format(ELIDING.sub(elide, self), *args, **kwargs)


_FILLED: dict[str, tuple[str, dict[str, str | Callable[[], str]]]] = {}
"""The texts :func:`N_` filled in, each with its message and fields (for :func:`said`)."""


def N_(message: str, **fields: str | Callable[[], str]) -> str:
    """``message`` marked for the catalogues but said later, in English now: a text kept to be
    shown in whatever language is in force then (a command's help, read by :func:`said`).
    ``fields`` fill the message's ``{named}`` fields, each a text or a function that words it in
    the language in force (the English is returned filled in).

    >>> N_("The game file.")
    'The game file.'
    """
    if not fields:
        return message
    with using(SOURCE):
        text = message.format(**_filled(fields))
    _FILLED[text] = (message, fields)
    return text


def _filled(fields: Mapping[str, str | Callable[[], str]]) -> dict[str, str]:
    return {name: value() if callable(value) else value for name, value in fields.items()}


def said(text: str) -> str:
    """A text marked with :func:`N_` (the English, as it returned it) in the language in force;
    any other text as it is."""
    if _current.get() == SOURCE:
        return text
    message, fields = _FILLED.get(text, (text, {}))
    return _(message).format(**_filled(fields)) if fields else _(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form of a message for ``count``, in the language in force (the
    language's own plural rule: French takes the singular for 0 and 1)."""
    code = _current.get()
    if code == SOURCE:
        return singular if count == 1 else plural
    said = catalogue(code).ngettext(singular, plural, count)
    return Elided(said) if code == "fr" else said


def from_environment(environ: Mapping[str, str]) -> str | None:
    """The language code a gettext program would take from ``environ``: the first of ``LANGUAGE``
    (a colon-separated list, read only under a locale other than ``C``, as gettext does), ``LC_ALL``,
    ``LC_MESSAGES`` and ``LANG`` that is set, reduced to its language (``de_DE.UTF-8`` -> ``de``);
    ``None`` when none is set or it is ``C``/``POSIX``."""
    for name in _LOCALE_ORDER if _locale_is_set(environ) else _LOCALE_ORDER[1:]:
        value = environ.get(name, "")
        for part in value.split(":"):
            code = part.split(".")[0].split("@")[0].split("_")[0].lower()
            if code and code not in ("c", "posix"):
                return code
    return None


_LOCALE_ORDER = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables a gettext program reads for its messages' language, first first."""


def _locale_is_set(environ: Mapping[str, str]) -> bool:
    """Whether the messages' locale (the first of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is
    set) is one other than ``C``/``POSIX``: only then does gettext read ``LANGUAGE``'s list."""
    locale = next((environ[n] for n in _LOCALE_ORDER[1:] if environ.get(n)), "")
    return locale.split(".")[0].split("@")[0].upper() not in ("", "C", "POSIX")


def speak(code: str) -> None:
    """Speak ``code`` from now on in this context (a command: ``main`` sets the language chosen
    by :func:`chosen` once, before the command runs)."""
    _current.set(code)


def protocol(args: list[str]) -> bool:
    """Whether the command line ``args`` asks for a protocol's output, which is always English
    (JSON keys, values and sentences a script reads): ``--json`` or the ``pipe`` command."""
    return "--json" in args or "pipe" in args


def option(args: list[str]) -> str | None:
    """The value of ``--lang CODE`` (or ``--lang=CODE``) among the options before the command in
    ``args`` (the words after the program's name; the last one given), or None. The values of
    ``--game``/``-g`` and ``--as`` are skipped, so a file named ``--lang`` is no language."""
    asked, i = None, 0
    while i < len(args) and args[i].startswith("-") and args[i] != "--":
        name, eq, value = args[i].partition("=")
        if name == "--lang":
            if not eq:
                i += 1
                value = args[i] if i < len(args) else ""
            asked = value
        elif name in ("--game", "-g", "--as") and not eq:
            i += 1
        i += 1
    return asked


def of_command(args: list[str], environ: Mapping[str, str]) -> str:
    """The language a command line speaks, the one place that decides it: ``--lang`` before the
    command (:func:`option`), else what :func:`chosen` takes from ``environ``; English for a
    protocol (:func:`protocol`). Raises :class:`UnknownLanguage` as :func:`chosen` does."""
    code = chosen(option(args), environ)
    return SOURCE if protocol(args) else code


def known(code: str) -> str | None:
    """``code`` as the program's own language code (``de``, ``de_DE.UTF-8``, ``DE-at`` -> ``de``),
    or None when it speaks no such language."""
    short = code.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return short if short in LANGUAGES else None


def chosen(option: str | None, environ: Mapping[str, str]) -> str:
    """The language of a command: ``option`` (``--lang``), else ``ACQUIRE_LANG``, else the first
    language of the locale's variables that the program speaks (``LANGUAGE``'s list in order, then
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``, as gettext reads them: ``LANGUAGE`` only under a locale
    other than ``C``), else English.

    Raises :class:`UnknownLanguage` when ``option`` or ``ACQUIRE_LANG`` names a language it does
    not speak, or ``option`` is given empty (``--lang ""`` names none; an empty ``ACQUIRE_LANG`` is
    unset, as an environment's empty variable is); a locale it does not speak falls back to English
    silently, as gettext's do."""
    if option is not None and not option.strip():
        raise UnknownLanguage(option, "--lang")
    for asked, where in ((option, "--lang"), (environ.get(VARIABLE), VARIABLE)):
        if asked:
            code = known(asked)
            if code is None:
                raise UnknownLanguage(asked, where)
            return code
    for name in _LOCALE_ORDER if _locale_is_set(environ) else _LOCALE_ORDER[1:]:
        value = environ.get(name, "")
        if not value:
            continue
        for part in value.split(":"):
            code = known(part)
            if code is not None:
                return code
        if name != "LANGUAGE":  # the first of the others that is set decides, as in gettext
            return SOURCE
    return SOURCE


def negotiate(header: str, offered: Mapping[str, str] = LANGUAGES) -> str | None:
    """The language of ``offered`` that an ``Accept-Language`` ``header`` prefers (``"fr-CH,
    fr;q=0.9, de;q=0.8, *;q=0.5"`` -> ``fr``): the highest q-value first, then the order written;
    a region matches its language (``de-AT`` -> ``de``), ``q=0`` refuses and ``*`` takes the first
    offered not named. None when nothing offered is accepted (or the header says nothing)."""
    ranked: list[tuple[float, int, str]] = []
    refused: set[str] = set()
    for index, item in enumerate(header.split(",")[:32]):
        tag, _sep, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _eq, value = param.strip().partition("=")
            if key.strip().lower() == "q":
                try:
                    quality = min(max(float(value), 0.0), 1.0)
                except ValueError:
                    quality = 0.0
                if quality != quality:  # q=nan: no number, so no preference
                    quality = 0.0
        code = "*" if tag.strip() == "*" else known(tag) if tag.strip() else None
        if code is None:
            continue
        if quality <= 0:
            refused.add(code)
        else:
            ranked.append((-quality, index, code))
    for _quality, _index, code in sorted(ranked):
        if code == "*":
            rest = [c for c in offered if c not in refused and all(c != r[2] for r in ranked)]
            if rest:
                return rest[0]
        elif code in offered and code not in refused:
            return code
    return None


def money(dollars: int) -> str:
    """Whole dollars as the language in force writes money (the game's ``$`` always, placed and
    spaced as the locale places its currency sign; the digits grouped as it groups them):
    ``$4,500`` in English, ``4.500 $`` in German, ``4 500 $`` in French (a no-break space before
    the sign, a narrow one between the groups). A debt is ``-$200``, ``-200 $``.

    >>> money(4500), money(-200)
    ('$4,500', '-$200')
    """
    code = _current.get()
    if code == SOURCE:
        return f"-${-dollars:,}" if dollars < 0 else f"${dollars:,}"
    from babel.numbers import format_decimal

    return format_decimal(dollars, format=_money_pattern(code), locale=code)


@cache
def _money_pattern(code: str) -> str:
    """The locale's standard currency pattern without its cents, the sign made the game's ``$``."""
    from babel import Locale

    pattern: str = Locale.parse(code).currency_formats["standard"].pattern.split(";")[0]
    whole = pattern.replace("#,##0.00", "#,##0").replace("0.00", "0")
    return whole.replace("¤", "'$'")


def number(n: int) -> str:
    """A whole number as the language in force groups its digits: ``12,000`` in English,
    ``12.000`` in German, ``12 000`` in French (a narrow no-break space)."""
    code = _current.get()
    if code == SOURCE:
        return f"{n:,}"
    from babel.numbers import format_decimal

    return format_decimal(n, format="#,##0", locale=code)


def decimal(value: float, places: int = 1) -> str:
    """``value`` with ``places`` decimals, as the language in force writes a decimal number:
    ``1,234.5`` in English, ``1.234,5`` in German, ``1 234,5`` in French (a narrow no-break space).

    >>> decimal(1234.5), decimal(0.25, 2)
    ('1,234.5', '0.25')
    """
    code = _current.get()
    if code == SOURCE:
        return f"{value:,.{places}f}"
    from babel.numbers import format_decimal

    return format_decimal(value, format="#,##0" + ("." + "0" * places if places else ""), locale=code)


def percent(share: float, places: int = 1) -> str:
    """``share`` (0 to 1) as a percentage with ``places`` decimals, as the language in force writes
    one: ``12.5%`` in English, ``12,5 %`` in German and French (a no-break space before the sign,
    the locale's own percent pattern).

    >>> percent(0.125), percent(0.95, 0)
    ('12.5%', '95%')
    """
    code = _current.get()
    if code == SOURCE:
        return f"{share:.{places}%}"
    from babel.numbers import format_decimal

    return format_decimal(share, format=_percent_pattern(code, places), locale=code)


@cache
def _percent_pattern(code: str, places: int) -> str:
    """The locale's percent pattern with ``places`` decimals (``#,##0,0 %`` for German)."""
    from babel import Locale

    pattern: str = Locale.parse(code).percent_formats[None].pattern.split(";")[0]
    return pattern.replace("#,##0", "#,##0" + ("." + "0" * places if places else ""), 1)
