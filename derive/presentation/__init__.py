"""Stage 7, presentation: reports, LaTeX and drawings of general games (the poker outputs are in derive.reproduce, derive.latex, derive.figures)."""
