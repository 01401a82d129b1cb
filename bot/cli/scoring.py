"""`bridgebot` subcommands for the scoring area (registered by bot.cli.main): score, imp, mp, board, adjusted.

Human output is the same text the chat gives (:mod:`bot.scoring.replies`); ``--json`` gives
the figures for scripts.  Every :class:`ScoringInputError` becomes a one-line message.
"""

from __future__ import annotations

import functools

import click

from bot.scoring import matchpoints as mp
from bot.scoring import inputs as score_inputs
from bot.scoring import replies as replies
from bot.scoring.boards import board_info
from bot.base.errors import ScoringInputError
from bot.scoring.notation import parse_result
from bot.scoring.pairs import compare, looks_like_pair, read_pair
from bot.scoring.vp import victory_points
from bot.scoring.contracts import imps, score_parts

_LANG = click.option("--lang", type=click.Choice(["zh", "en"]), default="zh", show_default=True,
                     help="Language of the reply and of error messages.")
_JSON = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts.")
# Scores are often negative ("mp 420 -50"): unknown "options" such as -50 are kept as arguments.
_NUMBERS_OK = {"ignore_unknown_options": True}


def _friendly(command):
    """Turn a ScoringInputError from ``command`` into a one-line message and exit status 1."""

    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        from bot.cli.common import fail

        try:
            return command(*args, **kwargs)
        except ScoringInputError as err:
            fail(err.message(kwargs.get("lang", "zh")))

    return wrapper


def _emit(data) -> None:
    from bot.cli.common import emit_json

    emit_json(data)


def score_data(text: str) -> dict:
    """The figures behind :func:`bot.scoring.replies.score_reply`, for ``--json``."""
    result = parse_result(text)
    cases = [result.vulnerable] if result.vulnerable is not None else [False, True]
    scores = {}
    for vulnerable in cases:
        parts = score_parts(result.level, result.strain, result.doubled, vulnerable, result.tricks)
        scores["vul" if vulnerable else "nonvul"] = {
            "score": parts.total, "trick_points": parts.trick_points, "overtricks": parts.overtricks,
            "game_or_partscore": parts.game_or_partscore, "slam": parts.slam, "insult": parts.insult,
            "undertricks": parts.undertricks,
        }
    return {
        "contract": result.label, "level": result.level, "strain": result.strain, "doubled": result.doubled,
        "tricks": result.tricks, "result": result.result, "declarer": result.declarer, "board": result.board,
        "vulnerability": result.vulnerability if result.vulnerability_known else "unknown",
        "declarer_vulnerable": result.vulnerable, "assumed_made": result.assumed_made, "scores": scores,
    }


@click.command("score", context_settings=_NUMBERS_OK)
@click.argument("expr", nargs=-1)
@click.option("--vul", "vul", flag_value="vul", default=None, help="Declaring side vulnerable.")
@click.option("--nv", "vul", flag_value="nv", help="Declaring side not vulnerable.")
@click.option("--board", type=int, help="Board number: vulnerability from Law 2.")
@_JSON
@_LANG
@_friendly
def score_command(expr, vul, board, as_json, lang):
    """Score of a result (Law 77), e.g. `bridgebot score 4S+1 --vul`, `bridgebot score 3NTx-2 N --board 7`."""
    text = " ".join(expr) + (f" {vul}" if vul else "") + (f" board {board}" if board is not None else "")
    if as_json:
        _emit(score_data(text))
    else:
        click.echo(replies.score_reply(text, lang))


@click.command("imp", context_settings=_NUMBERS_OK)
@click.argument("numbers", nargs=-1)
@_JSON
@_LANG
@_friendly
def imp_command(numbers, as_json, lang):
    """IMPs (Law 78B) for a difference, two scores or one board's results at two tables, e.g.
    `bridgebot imp 620 -100`, `bridgebot imp 520`, `bridgebot imp 3NT+1 vs 4S= vul`."""
    text = " ".join(numbers)
    reply = replies.imp_reply(text, lang)  # validates before the JSON path uses the numbers
    if as_json and looks_like_pair(text):
        first, second = read_pair(text)
        _emit({"tables": [first.label, second.label],
               "comparisons": [{"vulnerable": row.vulnerable, "scores": [row.ours, row.theirs],
                                "difference": row.difference, "imps": row.imps} for row in compare(first, second)]})
    elif as_json:
        values = score_inputs.imp_numbers(text)
        diff = values[0] if len(values) == 1 else values[0] - values[1]
        _emit({"scores": values if len(values) == 2 else None, "difference": diff, "imps": imps(diff)})
    else:
        click.echo(reply)


@click.command("mp", context_settings=_NUMBERS_OK)
@click.argument("scores", nargs=-1)
@click.option("--butler", "method", flag_value="butler", help="Butler IMPs against the datum instead.")
@click.option("--cross", "method", flag_value="cross", help="Cross-IMPs instead.")
@click.option("--scale", type=click.Choice(["2", "1"]), default="2", show_default=True,
              help="2: 2 per score beaten, 1 per tie; 1: 1 and ½.")
@_JSON
@_LANG
@_friendly
def mp_command(scores, method, scale, as_json, lang):
    """Matchpoints (Law 78A) for one board's scores, e.g. `bridgebot mp 420 450 420 -50`."""
    text = " ".join(scores)
    reply = replies.mp_reply(text, lang, method=method, scale=int(scale))
    if not as_json:
        click.echo(reply)
        return
    values, _ours = score_inputs.mp_scores(text)
    data = {"scores": values, "method": method or "mp"}
    if method == "butler":
        data["datum"], data["imps"] = mp.butler(values)
    elif method == "cross":
        data["imps"] = mp.cross_imps(values)
    else:
        data.update(top=mp.top(len(values), int(scale)), matchpoints=mp.matchpoints(values, int(scale)),
                    percent=[round(p, 2) for p in mp.percentages(values)])
    _emit(data)


@click.command("vp", context_settings=_NUMBERS_OK)
@click.argument("words", nargs=-1)
@_JSON
@_LANG
@_friendly
def vp_command(words, as_json, lang):
    """Victory Points (WBF 2013 continuous scale) of a team match, e.g. `bridgebot vp 25 8副`,
    `bridgebot vp 30 21 8 boards`."""
    text = " ".join(words)
    reply = replies.vp_reply(text, lang)
    if not as_json:
        click.echo(reply)
        return
    ours, theirs, boards = score_inputs.vp_request(text)
    _emit({"imps": [ours, theirs], "boards": boards, "vps": list(victory_points(ours, theirs, boards))})


@click.command("board", context_settings=_NUMBERS_OK)
@click.argument("number", nargs=-1)
@_JSON
@_LANG
@_friendly
def board_command(number, as_json, lang):
    """Dealer and vulnerability of a board (Law 2), e.g. `bridgebot board 7`."""
    text = " ".join(number)
    reply = replies.board_reply(text, lang)
    if as_json:
        info = board_info(score_inputs.board_number(text))
        _emit({"board": info.board, "dealer": info.dealer, "vulnerability": info.vulnerability})
    else:
        click.echo(reply)


@click.command("adjusted")
@click.argument("kind", required=False, type=click.Choice(["minus", "average", "plus"]))
@click.option("--top", type=float, help="The board's top, to give the matchpoints too.")
@_JSON
@_LANG
@_friendly
def adjusted_command(kind, top, as_json, lang):
    """Artificial adjusted scores (Law 12C1): `bridgebot adjusted plus --top 12`."""
    kinds = [kind] if kind else list(mp.ADJUSTED_PERCENT)
    if as_json:
        _emit([{"kind": k, "percent": mp.adjusted(k).percent, "imps": mp.adjusted(k).imps,
                "matchpoints": mp.adjusted(k).matchpoints(top) if top is not None else None} for k in kinds])
        return
    words = {"minus": "average minus", "average": "average", "plus": "average plus"}
    click.echo(replies.adjusted_reply(words[kind] if kind else "adjusted", lang, top=top))


COMMANDS: list = [score_command, imp_command, mp_command, vp_command, board_command, adjusted_command]
