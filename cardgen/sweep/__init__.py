"""Design sweeps: many configurations of one game, each played on common seeds, locally or on Dask.

Pipeline: spec (YAML, located) -> points (each checked against the content) ->
execute (chunks on processes or a Dask cluster) -> summary -> text, JSON, HTML, fit.
"""
