"""``cardgen serve``: the preview page served on this machine, rebuilt on save, updated in place.

One job per module: ``files`` maps a URL to a file of the output folder (or
refuses it), ``events`` hands each change to every open page, ``problems``
turns an error into what the page's overlay shows, ``page`` adds the live
script to the served preview, ``http`` is the server. The rebuild after a save
drives the build pipeline, so it sits above this package, in :mod:`cardgen.render.serve_live`.
"""
