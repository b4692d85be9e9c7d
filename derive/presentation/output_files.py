"""Writing output files: folders checked before the work, atomic writes, figures drawn in parallel, pdflatex.

Every command that writes files (``derive reproduce``, ``derive latex``, ``derive draw``,
``derive export``) goes through these helpers, so that a bad output folder is refused before a long
derivation, no half-written file is left behind, and a missing ``pdflatex`` is reported in one line.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import tempfile
from collections.abc import Callable
from pathlib import Path

from derive.presentation.errors import OutputError
from derive.solving.forked import usable_processes

__all__ = [
    "TEX_AUX_SUFFIXES",
    "atomic_write",
    "compile_latex",
    "draw_in_parallel",
    "probe_output_folder",
    "require_pdflatex",
    "save_figure_atomic",
    "save_figure_or_pages",
    "writable_folder",
]


def probe_output_folder(out: Path | str) -> None:
    """Fail now, before any work, if ``out`` cannot be made a writable folder; leave nothing behind.

    A missing folder is created, with its missing parents, and removed again at once, so that a path
    under a file or on a read-only file system is refused before a long derivation, not after it.

    Raises
    ------
    OutputError
        Naming the path: empty, not a folder, not writable, or impossible to create.
    """
    if str(out).strip() == "":
        raise OutputError("the output folder must not be empty")
    out = Path(out)
    if out.exists():
        if not out.is_dir():
            raise OutputError(f"output path {str(out)!r} exists and is not a folder")
        if not os.access(out, os.W_OK):
            raise OutputError(f"output folder {str(out)!r} is not writable")
        return
    missing, parent = [], out
    while not parent.exists():
        missing.append(parent)
        parent = parent.parent
    if not parent.is_dir():
        raise OutputError(f"cannot create output folder {str(out)!r}: {str(parent)!r} is not a folder")
    created: list[Path] = []
    try:
        for folder in reversed(missing):
            folder.mkdir()
            created.append(folder)
    except OSError as exc:
        raise OutputError(f"cannot create output folder {str(out)!r}: {exc.strerror}") from None
    finally:
        for folder in reversed(created):
            folder.rmdir()


def writable_folder(out: Path | str) -> Path:
    if str(out).strip() == "":
        raise OutputError("the output folder must not be empty")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise OutputError(f"output path {str(out)!r} exists and is not a folder")
    try:  # create it now, so that a bad path fails before any work
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(f"cannot create output folder {str(out)!r}: {exc.strerror}") from None
    if not os.access(out, os.W_OK):
        raise OutputError(f"output folder {str(out)!r} is not writable")
    return out


def draw_in_parallel(
    figures: dict[str, tuple[tuple[str, ...], Callable[[], object]]],
    folder: Path,
    also: Callable[[], None] | None = None,
) -> list[str]:
    """Draw each figure and save it in ``folder`` in each of its formats; return the file names.

    ``figures`` maps a file stem to its suffixes and a function drawing it (a figure, or a list of
    figures saved as the pages of one PDF, suffix ``""`` and the stem a ``.pdf`` name).  With two
    CPUs a forked child process takes figures from the same queue as this process, which runs
    ``also`` first; the files are the same bytes whichever process writes them.  An error in the
    child is raised here.
    """
    jobs = list(figures.items())
    names = [stem + suffix for stem, (suffixes, _draw) in jobs for suffix in suffixes]

    def work(next_job) -> None:
        while (k := next_job()) < len(jobs):
            stem, (suffixes, draw) = jobs[k]
            fig = draw()
            for suffix in suffixes:
                save_figure_or_pages(fig, folder / (stem + suffix))

    if usable_processes(2) == 1:
        if also is not None:
            also()
        counter = iter(range(len(jobs) + 1))
        work(lambda: next(counter))
        return names
    context = multiprocessing.get_context("fork")
    shared = context.Value("i", 0)

    def next_job() -> int:
        with shared.get_lock():
            k = shared.value
            shared.value = k + 1
        return k

    receive, send = context.Pipe(duplex=False)
    child = context.Process(target=_child, args=(send, work, next_job), daemon=True)
    child.start()
    send.close()
    done = False
    try:
        if also is not None:
            also()
        work(next_job)
        try:
            ok, error = receive.recv()
        except EOFError:
            raise OutputError("the process drawing figures ended without finishing") from None
        if not ok:
            raise error
        done = True
    finally:
        if not done and child.is_alive():
            child.kill()
        child.join()
        receive.close()
    return names


def _child(send, function: Callable, *args) -> None:
    """Run ``function(*args)`` in a forked child; send ``(True, None)`` or ``(False, exception)``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to report; it ends this child
    try:
        function(*args)
        result: tuple[bool, BaseException | None] = (True, None)
    except Exception as exc:  # handed back to the parent, raised there
        result = (False, exc)
    try:
        send.send(result)
    except Exception:  # an exception that cannot be pickled: its text
        send.send((False, RuntimeError(f"{type(result[1]).__name__}: {result[1]}")))
    send.close()


def save_figure_or_pages(fig, path: Path) -> None:
    """:func:`derive.figures.save_figure`, or :func:`derive.figures.save_pages` for a list of figures."""
    from derive.figures import save_figure, save_pages

    if isinstance(fig, list):
        save_pages(fig, path)
    else:
        save_figure(fig, path)


def require_pdflatex() -> None:
    """Raise :class:`OutputError` (one line) unless ``pdflatex`` is on the path."""
    import shutil

    if shutil.which("pdflatex") is None:
        raise OutputError("pdflatex not found; install a LaTeX engine (e.g. Debian's texlive-latex-base)")


#: What pdflatex leaves beside the PDF; removed after a successful run unless asked to keep them.
TEX_AUX_SUFFIXES = (".aux", ".log", ".out", ".toc")


def compile_latex(tex: Path, keep_aux: bool = False) -> Path:
    """Run ``pdflatex`` twice on ``tex`` in its folder (cross-references settle); return the PDF's path.

    Parameters
    ----------
    tex : Path
        The LaTeX source.
    keep_aux : bool, optional
        Keep pdflatex's ``.aux`` and ``.log`` files beside the PDF (default: removed once the PDF is
        made; after a failure the log stays, for reading).

    Raises
    ------
    OutputError
        If pdflatex fails; the message names the log file.
    """
    import subprocess

    for _ in range(2):
        proc = subprocess.run(
            ["pdflatex", "-interaction=nonstopmode", "-halt-on-error", tex.name],
            cwd=tex.parent,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            raise OutputError(f"pdflatex failed on {tex}; see {tex.with_suffix('.log')}")
    if not keep_aux:
        for suffix in TEX_AUX_SUFFIXES:
            tex.with_suffix(suffix).unlink(missing_ok=True)
    return tex.with_suffix(".pdf")


def atomic_write(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file (mode 0644), so no half-written file remains."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def save_figure_atomic(fig, path: Path) -> None:
    """Save a figure (or a list of figures, as the pages of one PDF) through a temporary file."""
    with tempfile.TemporaryDirectory(dir=path.parent) as tmp:
        staged = Path(tmp) / path.name
        save_figure_or_pages(fig, staged)
        os.replace(staged, path)
