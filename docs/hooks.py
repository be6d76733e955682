"""MkDocs hook: show the doctest examples of docstrings as code.

mkdocstrings renders docstrings as Markdown, where an unfenced ``>>>`` example is a
paragraph (and ``[a][b]`` in its output reads as a link).  This hook adds a Markdown
preprocessor that fences each run of lines starting at ``>>> `` (up to the next blank
line) as a ``pycon`` block, outside existing fences.  It runs before mkdocstrings reads
the Markdown configuration (priority 100).  Sphinx roles in the docstrings
(:class:`~cgtkit.heap.OctalGame`) become code spans (`OctalGame`), and the
reStructuredText escape that glues a plural to one (:class:`GameCache`\\ s) goes, so the
page says `GameCache`s, not `GameCache`\\ s.
"""

from __future__ import annotations

import re

from markdown import Extension
from markdown.preprocessors import Preprocessor
from mkdocs.plugins import event_priority


_ROLE = re.compile(r":(?:class|func|meth|mod|data|attr|exc|obj):`(~?)([^`]+)`")
_ESCAPED_SPACE = re.compile(r"`\\{1,2} ")  # `GameCache`\ s, in a plain or a raw docstring


def _role(m: re.Match) -> str:
    return f"`{m.group(2).rsplit('.', 1)[-1] if m.group(1) else m.group(2)}`"


class _FenceDoctests(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        lines = [_ESCAPED_SPACE.sub("`", _ROLE.sub(_role, line)) for line in lines]
        out: list[str] = []
        in_fence = in_example = False
        for line in lines:
            if line.lstrip().startswith(("```", "~~~")) and not in_example:
                in_fence = not in_fence
            elif not in_fence and not in_example and line.startswith(">>> "):
                out.extend(["", "```pycon"])
                in_example = True
            elif in_example and not line.strip():
                out.append("```")
                in_example = False
            out.append(line)
        if in_example:
            out.append("```")
        return out


class FenceDoctests(Extension):
    def extendMarkdown(self, md) -> None:  # noqa: N802 (Markdown's API)
        md.preprocessors.register(_FenceDoctests(md), "fence_doctests", 40)


@event_priority(100)
def on_config(config):
    config.markdown_extensions.append(FenceDoctests())
    return config
