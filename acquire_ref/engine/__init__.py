"""The engine: Acquire's rules as pure Python (no front-end library, no file I/O, no program
name). Its modules, lowest first, are listed by ``tests/test_architecture.py``; the
public names are imported from :mod:`acquire_ref` itself."""
