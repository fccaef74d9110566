"""The sweep every game with a ``simulate`` gets (cardgen.games.standard.StandardCommands): content values
patched in, each point played through the game's own simulate on common seeds, ranked by a metric.

Pipeline: spec (YAML, located: spec.py) -> each point's content patched in a temporary copy (patch.py) and
loaded by the game, problems located (points.py) -> played on processes or Dask (run.py) -> table (table.py).
"""
