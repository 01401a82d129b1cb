"""The one table of chat commands: name, aliases, which part of the core answers, usage and help.

The core's router, /help, the Telegram command menu (``set_my_commands``) and the "did you mean"
suggestion for a mistyped command all read :data:`COMMANDS`, so adding a command is one entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process


@dataclass(frozen=True)
class Command:
    """One command.  ``area`` names the part of the core that answers it ("law", "score",
    "club" …); ``usage`` is an example typed in full; ``help_zh``/``help_en`` say what it does in
    a few words; ``menu`` puts it in Telegram's command menu, ``listed`` in /help."""

    name: str
    area: str
    usage: str
    help_zh: str
    help_en: str
    aliases: tuple[str, ...] = ()
    menu: bool = True
    listed: bool = True
    usage_en: str | None = None

    def example(self, lang: str) -> str:
        """The usage example in ``lang`` (English examples use English words where they differ)."""
        return self.usage_en if lang == "en" and self.usage_en else self.usage

    def help_line(self, lang: str) -> str:
        """「/law 50D2 — 查条款(简写 /l)」: the line of /help."""
        short = ", ".join("/" + a for a in self.aliases)
        if lang == "en":
            return f"{self.example(lang)} — {self.help_en}" + (f" ({short})" if short else "")
        return f"{self.usage} — {self.help_zh}" + (f"(简写 {short})" if short else "")

    def menu_text(self, lang: str) -> str:
        """The description in Telegram's command menu (at most 256 characters)."""
        if lang == "en":
            return f"{self.help_en}, e.g. {self.example(lang)}"
        return f"{self.help_zh},例如 {self.usage}"


COMMANDS: tuple[Command, ...] = (
    Command("law", "law", "/law 50D2", "查条款", "show a law or clause", aliases=("l",)),
    Command("toc", "toc", "/toc", "目录(按章查看条款)", "table of contents, chapter by chapter",
            aliases=("contents",)),
    Command("search", "search", "/search 罚张", "搜索规则", "search the Laws", aliases=("s",),
            usage_en="/search revoke"),
    Command("define", "define", "/define 明手", "查定义", "a definition", aliases=("d",),
            usage_en="/define dummy"),
    Command("score", "score", "/score 3NTx-2 有局", "计分", "contract score", usage_en="/score 3NTx-2 vul"),
    Command("imp", "score", "/imp 620 -170", "换算IMP", "IMPs"),
    Command("mp", "score", "/mp 420 420 450 -50", "比赛分", "matchpoints"),
    Command("vp", "score", "/vp 25 8副", "IMP换算VP(WBF表)", "victory points (WBF scale)", usage_en="/vp 25 8 boards"),
    Command("board", "score", "/board 7", "牌号的发牌人和局况", "dealer and vulnerability of a board"),
    Command("session", "club", "/session new pairs", "俱乐部比赛", "club session"),
    Command("r", "club", "/r 5 NS1-EW3 4S+1 N", "记录成绩", "record a result", menu=False, listed=False),
    Command("undo", "club", "/undo", "撤销上一个记录", "take back the last record", menu=False, listed=False),
    Command("redo", "club", "/redo", "恢复刚撤销的记录", "bring back what /undo took back", menu=False, listed=False),
    Command("traveller", "club", "/traveller 5", "一副牌的所有成绩", "every result of a board",
            menu=False, listed=False),
    Command("standings", "club", "/standings", "排名", "standings", menu=False, listed=False),
    Command("export", "club", "/export", "导出成绩", "export the results", menu=False, listed=False),
    Command("import", "club", "/import", "导入成绩(附 CSV 文件)", "import results (attach a CSV)",
            menu=False, listed=False),
    Command("pair", "club", "/pair NS3 张三 李四", "给一对起名", "name a pair", menu=False, listed=False),
    Command("team", "club", "/team 狮子 张三 李四", "给队起名", "name a team", menu=False, listed=False),
    Command("hands", "club", "/hands", "导入牌例(附 PBN 文件)", "hand records (attach a PBN file)",
            menu=False, listed=False),
    Command("about", "about", "/about", "版本与收录范围", "edition and coverage"),
    Command("help", "help", "/help", "用法", "how to use this bot", aliases=("h",)),
    Command("start", "start", "/start", "开始", "start", menu=False, listed=False),
    Command("more", "follow", "/more", "更多", "more", menu=False, listed=False),
    Command("next", "follow", "/next", "下一条", "next law", menu=False, listed=False),
    Command("prev", "follow", "/prev", "上一条", "previous law", menu=False, listed=False),
    Command("full", "follow", "/full", "全文", "full text", menu=False, listed=False),
    # A tap on a clarifying question's answer (「庄家」): re-ask the question for that reading.
    Command("as", "as", "/as declarer", "按这一理解再问", "ask again for this reading", menu=False, listed=False),
)

_BY_NAME = {name: c for c in COMMANDS for name in (c.name, *c.aliases)}
NAMES = tuple(_BY_NAME)
CLUB_COMMANDS = frozenset(c.name for c in COMMANDS if c.area == "club")
# Commands whose words are bridge notation (「new pairs」, 「4S+1 vul」), no sign of a language.
NOTATION_COMMANDS = frozenset(c.name for c in COMMANDS if c.area in ("club", "score"))
_GLUED = re.compile(r"^([a-z]+?)(\d+)$")
SUGGEST_CUTOFF = 70


def find(name: str) -> Command | None:
    """The command called ``name`` (or one of its aliases), case-insensitive; None if unknown."""
    return _BY_NAME.get(name.lower())


def suggest(name: str, args: str = "") -> str | None:
    """The command line a mistyped ``/name args`` most likely meant, or None when nothing is close:
    ``/standing`` → ``/standings``, ``/travel 1`` → ``/traveller 1``, ``/r5 1-2 4S=`` → ``/r 5 1-2 4S=``."""
    name = name.lower()
    glued = _GLUED.match(name)
    if glued and find(glued.group(1)):
        command, args = find(glued.group(1)), f"{glued.group(2)} {args}".strip()
    else:
        best = process.extractOne(name, NAMES, scorer=_similarity, score_cutoff=SUGGEST_CUTOFF)
        if best is None:
            return None
        command = find(best[0])
    return f"/{command.name} {args}".strip()


def _similarity(a: str, b: str, **_) -> float:
    # A typed prefix of at least four letters (/travel, /stand) counts as close as a one-letter slip.
    if len(a) >= 4 and b.startswith(a):
        return 90.0
    return fuzz.ratio(a, b)


def help_lines(lang: str) -> list[str]:
    """The lines of /help that list the commands, in registry order."""
    return [c.help_line(lang) for c in COMMANDS if c.listed]


def menu(lang: str) -> list[tuple[str, str]]:
    """(command, description) pairs for Telegram's command menu in ``lang``."""
    return [(c.name, c.menu_text(lang)) for c in COMMANDS if c.menu]
