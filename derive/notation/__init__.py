"""Notation: how exact expressions are written, as text (:mod:`~derive.notation.text`: ``α/3 + 2/3``,
``3 vertices``) and as LaTeX (:mod:`~derive.notation.latex`: derive's printer, the symbol legend,
text escapes).

Below every stage: it imports only sympy and the standard library, so that a solver's messages, a
figure's labels and a document print numbers and symbols the same way without importing
:mod:`derive.presentation`.
"""
