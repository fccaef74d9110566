"""Faces: content -> one HTML document per distinct printed face -> its checked, cached one-page PDF.

design builds the faces (cards, boards, reference), templating renders them with
the one Jinja environment, fit checks they fit, renderer lays them out with WeasyPrint.
"""
