"""Writing output files: folders checked before the work, atomic writes, figures drawn in parallel, pdflatex.

Every command that writes files (``derive reproduce``, ``derive latex``, ``derive draw``,
``derive export``) goes through these helpers, so that a bad output folder is refused before a long
derivation, no half-written file is left behind, and a missing ``pdflatex`` is reported in one line.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
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
    "forget_new_folders",
    "make_folder",
    "probe_output_folder",
    "remove_empty_new_folders",
    "require_pdflatex",
    "save_figure_atomic",
    "save_figure_or_pages",
    "writable_folder",
    "write_document",
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


#: Folders created by :func:`make_folder` since the last :func:`forget_new_folders`, in creation order.
_NEW_FOLDERS: list[Path] = []


def make_folder(folder: Path | str) -> Path:
    """Create ``folder`` and its missing parents (like ``mkdir -p``), remembering each one created, so
    that :func:`remove_empty_new_folders` can take them away again if the command stops before
    writing into them (an error, Ctrl-C).

    Raises
    ------
    OSError
        As :meth:`pathlib.Path.mkdir`.
    """
    folder = Path(folder)
    missing = []
    parent = folder
    while not parent.exists():
        missing.append(parent)
        if parent.parent == parent:
            break
        parent = parent.parent
    for path in reversed(missing):
        path.mkdir(exist_ok=True)
        _NEW_FOLDERS.append(path)
    return folder


def remove_empty_new_folders() -> list[Path]:
    """Remove the folders :func:`make_folder` created that are still empty (deepest first); return them.

    Called when a command stops early, so that an error or Ctrl-C leaves no empty folder behind;
    a folder with anything in it stays.
    """
    removed = []
    for folder in reversed(_NEW_FOLDERS):
        try:
            folder.rmdir()
            removed.append(folder)
        except OSError:  # not empty, or gone
            pass
    _NEW_FOLDERS.clear()
    return removed


def forget_new_folders() -> None:
    """Keep the folders created so far (the command finished)."""
    _NEW_FOLDERS.clear()


def writable_folder(out: Path | str) -> Path:
    """``out`` created if missing (see :func:`make_folder`) and checked to be a writable folder.

    Raises
    ------
    OutputError
        Naming the path: empty, not a folder, impossible to create, or not writable.
    """
    if str(out).strip() == "":
        raise OutputError("the output folder must not be empty")
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise OutputError(f"output path {str(out)!r} exists and is not a folder")
    try:  # create it now, so that a bad path fails before any work
        make_folder(out)
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


#: The Debian packages that give ``pdflatex`` and the LaTeX packages the documents use (TikZ for the
#: game trees, booktabs for the tables).
TEX_PACKAGES = "texlive-latex-base texlive-latex-recommended texlive-pictures"


def require_pdflatex(written: Path | None = None) -> None:
    """Raise :class:`OutputError` (one line naming pdflatex and the Debian packages that provide it)
    unless ``pdflatex`` is on the path; ``written`` (the ``.tex`` already written) is named too."""
    if shutil.which("pdflatex") is None:
        where = f"wrote {written} and its figures, but " if written is not None else ""
        raise OutputError(
            f"{where}pdflatex was not found, so no PDF: install a LaTeX engine "
            f"(Debian or Ubuntu: apt-get install {TEX_PACKAGES}) and run again"
        )


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
        If pdflatex is not installed (the message names the ``.tex``, written, and the Debian packages
        to install) or fails (the message names the log file).
    """
    import subprocess

    require_pdflatex(tex)
    pdf = tex.with_suffix(".pdf")
    # pdflatex writes into a private folder beside the source (it finds the figures from the source's
    # folder); the PDF is moved into place only when complete: Ctrl-C or an error leaves no half PDF
    with tempfile.TemporaryDirectory(dir=tex.parent, prefix=".tmp-pdflatex-") as build:
        for _ in range(2):
            proc = subprocess.run(
                [
                    "pdflatex",
                    "-interaction=nonstopmode",
                    "-halt-on-error",
                    f"-output-directory={Path(build).name}",
                    tex.name,
                ],
                cwd=tex.parent,
                capture_output=True,
                text=True,
            )
            if proc.returncode != 0:
                log = Path(build) / tex.with_suffix(".log").name
                if log.exists():
                    os.replace(log, tex.with_suffix(".log"))
                raise OutputError(f"pdflatex failed on {tex}; see {tex.with_suffix('.log')}")
        os.replace(Path(build) / pdf.name, pdf)
        if keep_aux:
            for suffix in TEX_AUX_SUFFIXES:
                made = Path(build) / tex.with_suffix(suffix).name
                if made.exists():
                    os.replace(made, tex.with_suffix(suffix))
    return pdf


def write_document(
    folder: Path,
    stem: str,
    text: str,
    figures: dict[str, object] | None = None,
    compile_pdf: bool = False,
    keep_aux: bool = False,
    progress: Callable[[str], object] | None = None,
) -> list[Path]:
    """Write a LaTeX document's files into ``folder`` (which exists): each figure (``file name ->
    figure``, or a list of figures for a PDF's pages), then ``<stem>.tex``, each through a temporary
    file; with ``compile_pdf`` also ``<stem>.pdf`` by :func:`compile_latex`.  Every document command
    (``derive latex`` for any game, ``--param``, the thesis's document) ends here.

    Returns
    -------
    list of Path
        The files written, figures first, then the ``.tex`` and the PDF.

    Raises
    ------
    OutputError
        If pdflatex is missing (the ``.tex`` and figures are written) or fails.
    """
    written = []
    for name, fig in (figures or {}).items():
        save_figure_atomic(fig, folder / name)
        written.append(folder / name)
    tex = folder / f"{stem}.tex"
    atomic_write(tex, text.encode())
    written.append(tex)
    if compile_pdf:
        if progress is not None:
            progress("running pdflatex ...")
        written.append(compile_latex(tex, keep_aux))
    return written


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
