"""Sphinx settings of the API reference of the ``acquire_ref`` library (its public names, the
package's ``__all__``), built from the docstrings of the installed package:

    python -m sphinx -W -b html man/api build/api       # the pages
    python -m sphinx -W -b doctest man/api build/api    # their examples, run
"""

from acquire_ref import __version__

project = "acquire-ref"
author = "the acquire-ref authors"
copyright = "the acquire-ref authors, MIT licence"
version = release = __version__

extensions = ["sphinx.ext.autodoc", "sphinx.ext.doctest"]
autodoc_member_order = "bysource"
autodoc_typehints = "signature"
autodoc_default_options = {"members": True, "show-inheritance": True}
add_module_names = False
nitpicky = False
exclude_patterns: list[str] = []
html_theme = "alabaster"
html_title = f"acquire-ref {__version__}: the Python library"
html_static_path: list[str] = []
doctest_global_setup = ""
