"""How long ``cardgen validate`` takes on the bundled content, after import.

Each run reads, parses and checks every file and re-validates all 7 variants;
nothing is cached between runs (every call builds a new Content). Prints the
first run, then the median and minimum of N more. Target: <= 150 ms.

    python benchmarks/bench_validate.py [N] [content-folder]
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

from cardgen.model import DEFAULT_CONTENT, validate
from cardgen.model.source import _LOADER

TARGET_MS = 150.0


def timed(folder: Path) -> float:
    start = time.perf_counter()
    report = validate(folder)
    elapsed = (time.perf_counter() - start) * 1000
    if not report.ok:
        raise SystemExit(f"{folder} is not valid; benchmark needs valid content")
    return elapsed


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    folder = Path(sys.argv[2]) if len(sys.argv) > 2 else DEFAULT_CONTENT
    first = timed(folder)
    times = [timed(folder) for _ in range(runs)]
    median = statistics.median(times)
    print(f"validate {folder} ({_LOADER.__name__}, {len(validate(folder).content.variants.variants)} variants)")
    print(f"  first run  {first:7.1f} ms")
    print(f"  median     {median:7.1f} ms over {runs} runs")
    print(f"  min        {min(times):7.1f} ms")
    print(f"  target     {TARGET_MS:7.1f} ms  -> {'met' if median <= TARGET_MS else 'MISSED'}")


if __name__ == "__main__":
    main()
