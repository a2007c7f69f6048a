"""The browser's patch (clients/web/js/patch.js), run by Node on the views of a golden game of
every game, makes from each view the next one, as the server's `diff` meant it."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import msgspec
import pytest

from domain.kernel import SPECTATOR, Seat
from projections.codec import encode
from projections.frames import game_part
from projections.live import LiveGame
from projections.patch import diff, parts
from tests.server.test_live_extend import GOLDEN, stream_of

PATCH_JS = Path(__file__).parents[2] / "clients" / "web" / "js" / "patch.js"
# reads [[view, ops], ...] on stdin, writes [patched view, ...], and checks the views it was
# given are left as they were
APPLY = f"""
import {{ patched }} from {json.dumps(PATCH_JS.as_uri())};
let text = "";
for await (const chunk of process.stdin) text += chunk;
const cases = JSON.parse(text);
const before = JSON.stringify(cases);
const out = cases.map(([view, ops]) => patched(view, ops));
if (JSON.stringify(cases) !== before) throw new Error("a view held before was changed");
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_the_browser_patch_makes_the_next_view() -> None:
    cases, expected = [], []
    for path in GOLDEN:
        records = stream_of(path)
        live = LiveGame.replay(path.stem, records[:1])
        viewers = [SPECTATOR, Seat(0)]
        held = {v: game_part(live.game, live.table, v) for v in viewers}
        step = max(1, len(records) // 40)
        for at in range(1, len(records), step):
            live.extend(records[at : at + step])
            for viewer in viewers:
                now = game_part(live.game, live.table, viewer)
                cases.append([held[viewer], diff(parts(held[viewer]), parts(now))])
                expected.append(now)
                held[viewer] = now
    sent = encode(cases)
    done = subprocess.run(
        ["node", "--input-type=module", "-e", APPLY], input=sent, capture_output=True, check=True
    )
    got = msgspec.json.decode(done.stdout)
    assert len(got) == len(expected) > 200
    for n, (view, want) in enumerate(zip(got, expected, strict=True)):
        assert encode(view, order="sorted") == encode(want, order="sorted"), n
    assert sum(len(ops) for _, ops in cases) > len(cases), "the views changed along the games"
