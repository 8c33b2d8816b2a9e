"""The search's pieces as they were before issue 28, for the ``baseline`` level only.

``engine.players.baseline`` plays the ``strong`` of before issue 28 unchanged, also in speed (a
timed search's strength is the worlds it values in its time): it uses these copies of
``playout``, ``sample`` and ``heuristic`` (the playouts' policy), which issue 28 made faster for
the new ``strong``. Never edit them; the rules they share with the engine come from
``engine.tricks`` as before.
"""
