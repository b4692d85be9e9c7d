"""Notebooks run headless, exported to HTML, or copied for a class (``derive notebooks``).

:func:`execute_notebook` runs a notebook with nbclient (headless ``Agg``
backend, kernel ``python3``, explicit timeout, Unix sockets in a private
folder, a shell channel that cannot miss a reply: ``docs/notebook-execution.md``)
and :func:`export_html` writes executed notebooks as HTML with nbconvert,
telling an optional ``progress`` callable as each notebook starts and ends;
the HTML loads MathJax, so the LaTeX renders in a browser.  Running needs the optional packages
``nbclient``, ``nbformat``, ``nbconvert`` and ``ipykernel``.  :func:`packaged_notebooks` finds the
course's notebooks shipped inside the package (``derive/notebooks``) and :func:`copy_notebooks`
copies them into a folder.  What the notebooks display is :mod:`derive.presentation.notebooks`.
"""

from __future__ import annotations

import functools
import os
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from derive.notation.text import count, plural

__all__ = [
    "NotebookError",
    "TIMEOUT",
    "copy_notebooks",
    "execute_notebook",
    "export_html",
    "packaged_notebooks",
]


#: Default time limit for one notebook cell, in seconds.
TIMEOUT = 600


_KERNEL = "python3"


class NotebookError(RuntimeError):
    """A notebook could not be read or run, or the packages to run it are missing."""


def _require():
    try:
        import nbclient
        import nbformat
    except ImportError as exc:
        raise NotebookError(
            f"running notebooks needs nbclient, nbformat, nbconvert and ipykernel ({exc.name} is missing)"
        ) from None
    return nbclient, nbformat


@functools.cache
def _kernel_manager_class():
    """jupyter_client's asyncio kernel manager, whose clients' shell channel cannot miss a reply.

    nbclient waits for a cell's ``execute_reply`` by polling the shell socket (an asyncio zmq socket)
    while, on the same event loop, its stand-in for the Output widget (``nbclient.output_widget``)
    sends ``comm_msg`` state updates on that same socket.  jupyter_client's ``Session.send`` sends
    on a plain (non-asyncio) shadow of the socket, and a send makes libzmq process the socket's
    pending commands, which consumes the edge-triggered ``ZMQ_FD`` wake-up of a reply that has just
    arrived.  pyzmq's asyncio socket never hears of that send, so it keeps waiting for a wake-up
    that has already been used: the reply sits in the socket until the cell timeout, when the
    poll's final ``zmq_poll(0)`` finds it and the run goes on (jupyter/nbclient#312, the client
    side of ipython/ipykernel#1529).  Reading ``zmq.EVENTS`` through the asyncio socket after each
    send is pyzmq's own way to re-check: a reply already there is handed to the waiting poll.
    See ``docs/notebook-execution.md``.
    """
    import zmq
    from jupyter_client.asynchronous import AsyncKernelClient
    from jupyter_client.channels import AsyncZMQSocketChannel
    from jupyter_client.manager import AsyncKernelManager
    from traitlets import Type

    class ShellChannel(AsyncZMQSocketChannel):
        """The shell channel; after each send, pending receives re-check the socket."""

        def send(self, msg: dict) -> None:
            super().send(msg)
            if self.socket is not None and not self.socket.closed:
                self.socket.get(zmq.EVENTS)  # zmq.asyncio re-schedules waiting polls and receives

    class KernelClient(AsyncKernelClient):
        shell_channel_class = Type(ShellChannel)

    class KernelManager(AsyncKernelManager):
        client_factory = Type(KernelClient)

    return KernelManager


def _connection_config(private_dir: str):
    """jupyter_client options: the connection file in ``private_dir`` and, on POSIX, Unix-socket transport.

    Over IPC the kernel does not warn that it "is running over TCP without encryption", and no
    other user of the machine can connect to its ports; the sockets live in ``private_dir``
    (made by :mod:`tempfile`, mode 0700).  Windows keeps TCP on localhost.
    """
    from traitlets.config import Config

    config = Config()
    config.KernelManager.connection_file = os.path.join(private_dir, "kernel.json")
    if os.name == "posix":
        config.KernelManager.transport = "ipc"
        config.KernelManager.ip = os.path.join(private_dir, "kernel")
    return config


def execute_notebook(path: str | os.PathLike[str], timeout: int = TIMEOUT, kernel_name: str = _KERNEL):
    """Run every cell of a notebook and return the executed notebook (the file is not changed).

    The kernel (a fresh one per call) runs in the notebook's folder with ``MPLBACKEND=Agg``
    (headless), talks to this process over Unix sockets in a private temporary folder (TCP on
    localhost on Windows), and each cell may take at most ``timeout`` seconds.

    Parameters
    ----------
    path : path-like
        An ``.ipynb`` file (nbformat 4).
    timeout : int
        Seconds per cell.
    kernel_name : str
        Jupyter kernel; default ``"python3"``.

    Returns
    -------
    nbformat.NotebookNode
        The notebook with outputs.

    Raises
    ------
    NotebookError
        If the file cannot be read, the packages are missing, or a cell fails or times out; one line
        naming the notebook, the cell (its number and first line) and the error.
    KeyboardInterrupt
        On Ctrl-C while a cell runs (the kernel is shut down first, and its log stays private).
    """
    nbclient, nbformat = _require()
    path = Path(path)
    try:
        nb = nbformat.read(path, as_version=4)
    except (OSError, ValueError) as exc:
        raise NotebookError(f"cannot read notebook {path}: {exc}") from None
    env = dict(os.environ, MPLBACKEND="Agg")
    with tempfile.TemporaryDirectory(prefix="derive-kernel-") as private:
        client = _client_class()(
            nb,
            timeout=timeout,
            kernel_name=kernel_name,
            kernel_manager_class=_kernel_manager_class(),
            config=_connection_config(private),
            resources={"metadata": {"path": str(path.parent.resolve())}},
        )
        # the kernel's own log (a traceback when its sockets close under it at Ctrl-C) goes to a file
        # in the private folder, shown only when the kernel dies
        with open(os.path.join(private, "kernel.log"), "w+", encoding="utf-8", errors="replace") as log:
            try:
                client.execute(env=env, stderr=log)
            except nbclient.exceptions.CellExecutionError as exc:
                if client.interrupted:
                    raise KeyboardInterrupt from None
                raise NotebookError(f"{path.name}, {_failed_cell(nb)}: {_one_line(exc)}") from None
            except nbclient.exceptions.CellTimeoutError:
                if client.interrupted:
                    raise KeyboardInterrupt from None
                raise NotebookError(
                    f"{path.name}, {_failed_cell(nb, timed_out=True)}: took more than {timeout} s"
                ) from None
            except Exception as exc:  # kernel died, no such kernel ...
                if client.interrupted:
                    raise KeyboardInterrupt from None
                log.seek(0)
                tail = [line.strip() for line in log.read().splitlines() if line.strip()][-1:]
                why = str(exc) or repr(exc)
                raise NotebookError(
                    f"{path.name}: cannot run the notebook: {why}" + (f" (kernel: {tail[0]})" if tail else "")
                ) from None
    return nb


@functools.cache
def _client_class():
    """nbclient's NotebookClient, with Ctrl-C recorded.

    nbclient answers SIGINT by shutting the kernel down (its own handler on the event loop), so the
    cell being run then fails with whatever the dying kernel leaves (an ``AssertionError``, a closed
    socket) rather than a KeyboardInterrupt.  This client does the same shutdown but first records
    that SIGINT came (``client.interrupted``), so that the caller raises KeyboardInterrupt instead of
    reporting the cell as failed.
    """
    import asyncio
    import atexit
    import signal

    import nbclient

    class Client(nbclient.NotebookClient):
        interrupted = False

        async def async_start_new_kernel(self, **kwargs):
            def on_sigint() -> None:
                self.interrupted = True
                self._async_cleanup_kernel_future = asyncio.ensure_future(self._async_cleanup_kernel())
                atexit.unregister(self._cleanup_kernel)  # cleaned up now, not again at exit

            try:  # replaces nbclient's handler, set just before (and removed by it when the run ends)
                asyncio.get_event_loop().add_signal_handler(signal.SIGINT, on_sigint)
            except (RuntimeError, NotImplementedError):  # not the main thread; Windows
                pass
            return await super().async_start_new_kernel(**kwargs)

    return Client


def _one_line(exc) -> str:
    """A cell's error as ``Name: message`` on one line (nbclient's text has the coloured traceback)."""
    ename = getattr(exc, "ename", None) or type(exc).__name__
    evalue = " ".join(str(getattr(exc, "evalue", "") or "").split())
    return f"{ename}: {evalue}" if evalue else ename


def _failed_cell(nb, timed_out: bool = False) -> str:
    """``cell N (first line of its source)`` for the cell that failed: the first with an error output,
    or (``timed_out``) the last code cell that started; ``N`` counts every cell from 1, as a notebook
    shows them."""
    cells = list(enumerate(nb.cells, start=1))
    found = None
    for number, cell in cells:
        if cell.get("cell_type") != "code":
            continue
        if timed_out:
            if cell.get("execution_count") is not None or cell.get("outputs"):
                found = (number, cell)
        elif any(o.get("output_type") == "error" for o in cell.get("outputs", [])):
            found = (number, cell)
            break
    if found is None:
        return "a cell"
    number, cell = found
    first = next((line.strip() for line in cell.source.splitlines() if line.strip()), "")
    if len(first) > 60:
        first = first[:57] + "..."
    return f"cell {number} ({first})" if first else f"cell {number}"


def export_html(
    notebooks_dir: str | os.PathLike[str],
    out_dir: str | os.PathLike[str],
    timeout: int = TIMEOUT,
    progress: Callable[[str], object] | None = None,
) -> list[Path]:
    """Execute every notebook in a folder and write each as HTML (with outputs, LaTeX rendered by MathJax).

    The pages load MathJax 2.7 from a copy written beside them (``out_dir/mathjax``, from the
    ``jupyter-server-mathjax`` package) by a relative path, never from the network, so they render
    offline; likewise the widget manager and require.js (``out_dir/widgets``, packaged with derive),
    and each page embeds its widgets' state, so a slider linked in the browser moves offline.

    Parameters
    ----------
    notebooks_dir : path-like
        Folder with ``*.ipynb`` files (run in name order).
    out_dir : path-like
        Output folder (created); ``<stem>.html`` per notebook.
    timeout : int
        Seconds per cell.
    progress : callable or None
        Called with one line of text as each notebook starts (``"running 03_....ipynb (3 of 8) ..."``)
        and ends (``"  done in 6.1 s"``), so that a person sees the run go on; ``None`` (default)
        is silent.

    Returns
    -------
    list of Path
        The HTML files written.

    Raises
    ------
    NotebookError
        If the folder has no notebooks, nbconvert or the packaged MathJax is missing, the timeout is
        not positive, or the output folder cannot be written; or, after every other notebook was run
        and written, naming each notebook that failed and its cell (the pages written stay).
    """
    _require()
    try:
        from nbconvert import HTMLExporter
    except ImportError:
        raise NotebookError("exporting HTML needs nbconvert (pip install nbconvert)") from None
    if str(out_dir).strip() == "":
        raise NotebookError("the output folder must not be empty")
    if isinstance(timeout, bool) or not isinstance(timeout, int) or timeout <= 0:
        raise NotebookError(f"the timeout must be a positive number of seconds, got {timeout!r}")
    if progress is not None and not callable(progress):
        raise NotebookError(f"progress must be a callable taking one line of text, got {progress!r}")
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise NotebookError(f"output path {str(out)!r} exists and is not a folder")
    source = Path(notebooks_dir)
    paths = sorted(source.glob("*.ipynb"))
    if not paths:
        raise NotebookError(f"no notebooks (*.ipynb) in {source}; leave out --dir for the course's notebooks")
    created = not out.exists()
    try:  # before the (slow) execution, so that a bad path fails at once
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise NotebookError(f"cannot create output folder {out}: {exc.strerror}") from None
    if not os.access(out, os.W_OK):
        raise NotebookError(f"output folder {str(out)!r} is not writable")
    try:
        return _export_all(paths, out, timeout, HTMLExporter, progress or (lambda _line: None))
    finally:
        if created and not any(out.iterdir()):  # an error or Ctrl-C leaves no empty folder behind
            out.rmdir()


def packaged_notebooks() -> Path:
    """The folder of the course notebooks shipped inside the package (``derive/notebooks``; in a clone,
    the repository's ``notebooks/``, which it links to).

    Raises
    ------
    NotebookError
        If the installed package has no notebooks (a broken install).
    """
    folder = Path(__file__).resolve().parent.parent / "notebooks"
    if not sorted(folder.glob("*.ipynb")):
        raise NotebookError(f"the package has no notebooks in {folder}; reinstall derive")
    return folder


def copy_notebooks(out_dir: str | os.PathLike[str], force: bool = False) -> list[Path]:
    """Copy the course notebooks into ``out_dir`` (created), e.g. for a class to edit its own copies.

    Parameters
    ----------
    out_dir : path-like
        The folder to copy into.
    force : bool
        Overwrite notebooks of the same name already there (default: refuse, copying nothing).

    Returns
    -------
    list of Path
        The notebooks written, in name order.

    Raises
    ------
    NotebookError
        If ``out_dir`` is a file or not writable, or (without ``force``) a notebook of the same name
        is already there; nothing is copied then.
    """
    import shutil

    if str(out_dir).strip() == "":
        raise NotebookError("the output folder must not be empty")
    sources = sorted(packaged_notebooks().glob("*.ipynb"))
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise NotebookError(f"cannot copy into {str(out)!r}: not a folder")
    there = [p.name for p in sources if (out / p.name).exists()]
    if there and not force:
        raise NotebookError(
            f"{out / there[0]} exists ({len(there)} of the notebooks {plural(len(there), 'is', 'are')} there already); "
            "use --force to overwrite them"
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for source in sources:
            shutil.copyfile(source, out / source.name)
            written.append(out / source.name)
    except OSError as exc:
        raise NotebookError(f"cannot copy the notebooks into {str(out)!r}: {exc.strerror}") from None
    return written


#: One width for every prompt, so that every output starts at the cell's column: nbconvert's pages
#: give an empty prompt (``display(Math(...))``) 64 px and "In [6]:" its text's 76 px, which set
#: displayed math 12 px into the prompt gutter; 84 px holds "Out[99]:".
PROMPT_CSS = (
    "<style>/* derive: every prompt one width, every output in the cell's column */\n"
    ":root { --jp-cell-prompt-width: 84px; }\n"
    ".jp-InputPrompt, .jp-OutputPrompt { width: 84px; min-width: 84px; box-sizing: border-box; }\n</style>\n"
)


#: The widget manager (npm ``@jupyter-widgets/html-manager``) and require.js, packaged with derive
#: (``widget_assets/README.md`` says from where): exported pages load them from ``widgets/`` beside them.
WIDGET_ASSETS = Path(__file__).resolve().parent / "widget_assets"


REQUIRE_JS_URL = "widgets/require.js"


WIDGET_RENDERER_URL = "widgets/embed-amd.js"


#: Where the exported pages find MathJax: a copy beside them, with a configuration it ships.
MATHJAX_URL = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full,Safe"


def _packaged_mathjax() -> Path:
    """MathJax 2.7 as packaged by ``jupyter-server-mathjax`` (PyPI), checked to hold the configuration used.

    Raises
    ------
    NotebookError
        If the package is missing or lacks ``config/TeX-AMS-MML_HTMLorMML-full.js``.
    """
    try:
        import jupyter_server_mathjax
    except ImportError:
        raise NotebookError(
            "offline math needs MathJax from jupyter-server-mathjax (pip install -e '.[notebooks]')"
        ) from None
    static = Path(jupyter_server_mathjax.__file__).parent / "static"
    if (
        not (static / "MathJax.js").is_file()
        or not (static / "config" / "TeX-AMS-MML_HTMLorMML-full.js").is_file()
    ):
        raise NotebookError(
            f"the MathJax in {static} lacks MathJax.js or its TeX-AMS-MML_HTMLorMML-full configuration"
        )
    return static


def _export_all(
    paths, out: Path, timeout: int, exporter_class, progress: Callable[[str], object]
) -> list[Path]:
    """Execute each notebook and write its page into ``out`` as soon as it has run (atomically), with
    MathJax and the widget manager beside the pages; a notebook that fails is named and the others
    still run.  Ctrl-C stops at once, keeping the pages already written.

    Raises
    ------
    NotebookError
        Naming each notebook that failed (and its cell), after the others were written.
    """
    mathjax = _packaged_mathjax()
    exporter = exporter_class(
        mathjax_url=MATHJAX_URL, require_js_url=REQUIRE_JS_URL, widget_renderer_url=WIDGET_RENDERER_URL
    )
    written: list[Path] = []
    failures: list[str] = []
    for number, path in enumerate(paths, start=1):
        progress(f"running {path.name} ({number} of {len(paths)}) ...")
        start = time.monotonic()
        try:
            nb = execute_notebook(path, timeout=timeout)
        except NotebookError as exc:
            failures.append(str(exc))
            progress(f"  failed: {exc}")
            continue
        progress(f"  done in {time.monotonic() - start:.1f} s")
        body, _ = exporter.from_notebook_node(nb)
        if not written:  # the pages load these by relative paths: they render offline
            _copy_assets(mathjax, out)
        written.append(_write_page(out / f"{path.stem}.html", _with_page_config(body)))
    if failures:
        pages = f"wrote {count(len(written), 'page')} of {len(paths)} under {out}/" if written else "wrote no page"
        raise NotebookError("; ".join(failures) + f" ({pages})")
    return written


def _write_page(target: Path, body: str) -> Path:
    """Write one page through a temporary file: never half a page (a full disk, Ctrl-C)."""
    staged = target.with_name(f".{target.name}.tmp")
    try:
        staged.write_text(body, encoding="utf-8")
        os.replace(staged, target)
    except OSError as exc:
        raise NotebookError(f"cannot write {target}: {exc.strerror}") from None
    finally:
        staged.unlink(missing_ok=True)
    return target


def _copy_assets(mathjax: Path, out: Path) -> None:
    """Copy MathJax and the widget manager (with require.js) beside the pages."""
    import shutil

    try:
        shutil.copytree(mathjax, out / "mathjax", dirs_exist_ok=True)
        shutil.copytree(
            WIDGET_ASSETS, out / "widgets", dirs_exist_ok=True, ignore=shutil.ignore_patterns("README.md")
        )
    except OSError as exc:
        raise NotebookError(
            f"cannot copy MathJax and the widget manager into {out}: {exc.strerror}"
        ) from None


#: MathJax's configuration in every exported page, read before MathJax starts (a
#: ``text/x-mathjax-config`` block).  The packaged MathJax (``jupyter-server-mathjax``) ships the
#: STIX-Web fonts only, not MathJax's default TeX fonts; left to fall back on its own, the HTML-CSS
#: output starts with the TeX fonts' tables, and a prime (``x'``, ``\beta'``: TeX's ``\prime`` in a
#: superscript, drawn in the font's variant table) then ends in "[Math Processing Error]".  Naming
#: STIX-Web as the one font from the start makes every character, primes included, come from the
#: fonts that are there; the configuration ``TeX-AMS-MML_HTMLorMML-full`` already brings AMSmath and
#: AMSsymbols (``\text``, ``\mathrm``, ``\operatorname``, arrays).
MATHJAX_CONFIG = (
    '<script type="text/x-mathjax-config">\n'
    "/* derive: the packaged MathJax has the STIX-Web fonts only */\n"
    'MathJax.Hub.Config({"HTML-CSS": {availableFonts: [], preferredFont: null, webFont: "STIX-Web",'
    ' imageFont: null}, SVG: {font: "STIX-Web"}});\n'
    "</script>\n"
)


def _with_page_config(body: str) -> str:
    """The exported page with MathJax's fonts (:data:`MATHJAX_CONFIG`) and one prompt width
    (:data:`PROMPT_CSS`) in its head."""
    return body.replace("</head>", MATHJAX_CONFIG + PROMPT_CSS + "</head>", 1)
