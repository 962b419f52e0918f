"""axe-core in the browser tests: WCAG 2.2 A/AA checks of what a page shows right now.

axe-core is pinned in ``package.json`` and read from the local ``node_modules`` (``make
test`` runs ``npm ci``); it is evaluated in the page by the test, so no page names it and
it never ships in ``dist/``.

``axe_violations(page, context=None)``
    Runs axe with the WCAG 2.0/2.1/2.2 A and AA rule tags (``TAGS``) over the document,
    or over ``context`` (a CSS selector or axe's ``{"include": [...], "exclude": [...]}``)
    and returns the violations as plain dicts: rule id, impact, help text and the nodes
    (target selector, HTML snippet, axe's summary of what to fix).
``assert_no_violations(page, what, context=None)``
    Fails with one readable block per violation and node.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from playwright.sync_api import Page

from tools.serve import ROOT

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
Context = str | dict[str, Any] | None

_RUN = """async ([context, tags]) => {
  const result = await window.axe.run(context || document, {
    runOnly: {type: "tag", values: tags},
    resultTypes: ["violations"],
  });
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, helpUrl: v.helpUrl,
    nodes: v.nodes.map((n) => ({
      target: n.target.map(String).join(" "),
      html: n.html,
      summary: n.failureSummary || "",
    })),
  }));
}"""


@cache
def axe_source() -> str:
    if not AXE_JS.is_file():
        raise FileNotFoundError(f"{AXE_JS} is missing: run `npm ci` (or `make node_modules`)")
    return AXE_JS.read_text(encoding="utf-8")


def axe_violations(
    page: Page, context: Context = None, tags: tuple[str, ...] = TAGS
) -> list[dict[str, Any]]:
    """The WCAG 2.2 A/AA violations axe finds in the page (or inside ``context``) now;
    other ``tags`` (e.g. ``("best-practice",)``) run other rule sets."""
    if not page.evaluate("typeof window.axe === 'object' && typeof window.axe.run === 'function'"):
        # Evaluated through the DevTools protocol: no <script> tag, so a page's CSP does
        # not apply and the page itself never references axe.
        page.evaluate(axe_source() + "\n;undefined")
    violations: list[dict[str, Any]] = page.evaluate(_RUN, [context, list(tags)])
    return violations


def describe(violations: list[dict[str, Any]]) -> str:
    """One block per violation: rule, impact, help, then each element and what to fix."""
    lines: list[str] = []
    for v in violations:
        lines.append(f"{v['id']} ({v['impact']}): {v['help']} [{len(v['nodes'])}]")
        for node in v["nodes"]:
            lines.append(f"    at {node['target']}: {node['html'][:160]}")
            for fix in node["summary"].splitlines():
                if fix.strip():
                    lines.append(f"        {fix.strip()}")
    return "\n".join(lines)


def assert_no_violations(page: Page, what: str, context: Context = None) -> None:
    """Fail, listing every violation readably, if axe finds any WCAG 2.2 A/AA problem."""
    violations = axe_violations(page, context)
    assert not violations, f"axe: WCAG 2.2 A/AA violations on {what}:\n{describe(violations)}"
