"""cardgen: YAML content in, a validated, printable and play-tested card game out.

The pipeline reads left to right, and so do the packages:

    cardgen/content/ (YAML)  ->  cardgen.model  ->  cardgen.engine  (simulate, replay)
                                                ->  cardgen.render  (build)  ->  output/
"""

__version__ = "0.1.0"
