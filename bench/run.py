"""`make bench`: every benchmark of the project, one call line each."""

from __future__ import annotations

import runpy
from pathlib import Path

HERE = Path(__file__).resolve().parent

runpy.run_path(str(HERE / "search_bench.py"), run_name="__main__")
runpy.run_path(str(HERE / "scoring_bench.py"), run_name="__main__")
runpy.run_path(str(HERE / "chat_bench.py"), run_name="__main__")
runpy.run_path(str(HERE / "hardening_bench.py"), run_name="__main__")
runpy.run_path(str(HERE / "club_bench.py"), run_name="__main__")
