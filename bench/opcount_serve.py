"""`python bench/opcount_serve.py OUT.json [bench.serve arguments]`: the benchmark server with
every executed bytecode counted, per function, from the first command the game decides on.

Run with the tree to measure as the working directory (`bench.opcount` does): that tree's
packages are imported, whichever tree this file comes from. On exit (SIGINT) it writes
`{"ops": {function: count}, "calls": {function: count}}` to OUT.json. Tracing makes the server
tens of times slower; the counts do not depend on the machine's load.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
from collections import Counter
from types import FrameType
from typing import Any

ops: Counter[str] = Counter()
calls: Counter[str] = Counter()
started = False  # counting starts with the first decision of the benchmark game


def where(frame: FrameType) -> str:
    code = frame.f_code
    path = code.co_filename.replace(os.getcwd() + "/", "").split("site-packages/")[-1]
    return f"{code.co_name} ({path})"


def tracer(frame: FrameType, event: str, arg: Any) -> Any:
    global started
    key = where(frame)
    if not started:
        if not key.startswith("decide (bench/counter_game.py"):
            return None
        started = True
    calls[key] += 1
    frame.f_trace_opcodes = True

    def count(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "opcode":
            ops[key] += 1
        return count

    return count


def main() -> None:
    out = sys.argv[1]
    sys.path[0] = os.getcwd()  # the measured tree's packages, not this file's folder (bench/)
    sys.argv = ["bench.serve", *sys.argv[2:]]
    sys.settrace(tracer)
    try:
        runpy.run_module("bench.serve", run_name="__main__", alter_sys=True)
    except KeyboardInterrupt:
        pass
    finally:
        sys.settrace(None)
        with open(out, "w") as f:
            json.dump({"ops": ops, "calls": calls}, f)


if __name__ == "__main__":
    main()
