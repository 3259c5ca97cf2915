"""The published OpenAPI schema: the copy in docs/ matches the app, and a bounded
schema-driven fuzz (schemathesis) never gets a 5xx from any endpoint."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed (pip install 'puzzlekit-engine[web]')")
schemathesis = pytest.importorskip("schemathesis", reason="schemathesis is not installed (the test extra has it)")

from hypothesis import HealthCheck, settings  # noqa: E402
from schemathesis.checks import not_a_server_error  # noqa: E402

from puzzlekit.web.app import create_app  # noqa: E402
from puzzlekit.web.limits import Limits  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PUBLISHED = ROOT / "docs" / "schema" / "web-api.openapi.json"
EXAMPLES = int(os.environ.get("PUZZLEKIT_FUZZ_EXAMPLES", "12"))
"""Cases per operation; the default keeps the suite quick (PUZZLEKIT_FUZZ_EXAMPLES=200 digs deeper)."""
APP = create_app(limits=Limits(budget=2.0, max_generate_side=8, wait=5.0))


def test_the_published_schema_is_the_apps() -> None:
    served = APP.openapi()
    assert json.loads(PUBLISHED.read_text()) == served, (
        f"{PUBLISHED.relative_to(ROOT)} drifted from the app; rewrite it with: "
        "python -m puzzlekit.web.app > docs/schema/web-api.openapi.json"
    )


schema = schemathesis.openapi.from_asgi("/api/openapi.json", APP)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_no_input_makes_a_server_error(case: schemathesis.Case) -> None:
    case.call_and_validate(checks=[not_a_server_error])
