"""Benchmarks: each prints its figures, none is a test. Run from the project folder as
``python -m bench.NAME`` (``bench/README.md`` lists them with their figures)."""
