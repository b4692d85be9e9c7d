"""Stage 7, presentation: what a reader sees.

Text and JSON reports (:mod:`~derive.presentation.solve_report`), LaTeX fragments and standalone
derivation documents (:mod:`~derive.presentation.latex`, :mod:`~derive.presentation.document` for
one-card poker; :mod:`~derive.presentation.general_latex`,
:mod:`~derive.presentation.general_document` for any game), ``derive reproduce``
(:mod:`~derive.presentation.reproduce`) and the notebooks' helpers
(:mod:`~derive.presentation.notebooks`).  Drawings are in :mod:`derive.figures`; the command line
in :mod:`derive.cli`.  How numbers and symbols print, as text and as LaTeX, is :mod:`derive.notation`,
below every stage (:mod:`~derive.presentation.text` and :mod:`~derive.presentation.latex` re-export it).
"""
