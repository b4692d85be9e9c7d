"""``python -m derive``: the command line, as the ``derive`` script (:func:`derive.cli.main`)."""

if __name__ == "__main__":
    from derive.cli import main

    raise SystemExit(main())
