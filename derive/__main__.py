"""``python -m derive``: the command line, as the ``derive`` script (:func:`derive.launch.main`)."""

if __name__ == "__main__":
    from derive.launch import main

    raise SystemExit(main())
