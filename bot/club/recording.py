"""``/r``, ``/undo`` and ``/redo``: record a result (or correct one), take back the caller's last
record or import, bring it back."""

from __future__ import annotations

from bot.base.errors import ClubInputError
from bot.club import history
from bot.club.entry import describe, example, outcome, parse_entry
from bot.club.model import Result, Session
from bot.club.request import ClubReply, Request, check_owner, is_manager, open_session
from bot.club.store import ClubStore


def _same_table(a: Result, b: Result) -> bool:
    return a.room == b.room if a.room else (a.ns, a.ew) == (b.ns, b.ew)


def _shared_pair(old: Result, new: Result, session: Session) -> str | None:
    """The pair ``new`` has in common with ``old`` (``NS1`` in a Mitchell), or None."""
    if session.is_mitchell:
        if old.ns == new.ns:
            return f"NS{new.ns}"
        return f"EW{new.ew}" if old.ew == new.ew else None
    common = [p for p in (new.ns, new.ew) if p in (old.ns, old.ew)]
    return common[0] if common else None


def check_clash(new: Result, existing: list[Result], session: Session) -> Result | None:
    """The result ``new`` replaces (same board and table), or None; raises if a pair would
    appear twice on the board."""
    for old in existing:
        if old.board != new.board or _same_table(old, new):
            continue
        pair = None if new.room else _shared_pair(old, new, session)
        if pair is not None:
            raise ClubInputError(
                f"第 {pair} 对在第 {new.board} 副已经有成绩: {old.ns}-{old.ew} {old.contract} {old.declarer}。"
                f"要改这个成绩请再发一次 /r {old.board} {old.ns}-{old.ew} 加上新结果; 刚刚记错了可以 /undo。",
                f"Pair {pair} already has a result on board {new.board}: {old.ns}-{old.ew} {old.contract} "
                f"{old.declarer}. To change it send /r {old.board} {old.ns}-{old.ew} with the new result; "
                "to take back the last record use /undo.")
    return next((old for old in existing if old.board == new.board and _same_table(old, new)), None)


def record(store: ClubStore, req: Request) -> ClubReply:
    """``/r BOARD NS-EW RESULT DECLARER`` (pairs) or ``/r BOARD open|closed RESULT DECLARER`` (teams)."""
    current = open_session(store, req)
    new = parse_entry(req.args, current)
    existing = store.results(current.id, new.board)
    old = check_clash(new, existing, current)
    if old is not None and (old.contract, old.declarer) == (new.contract, new.declarer):
        return ClubReply(req.say(f"这个成绩已经记过了, 没有改动: {describe(old, 'zh')}",
                                 f"Already recorded, nothing changed: {describe(old, 'en')}"))
    if old is not None:
        check_owner(store.recorded_by(old.id), current, req, f"第 {old.board} 副这一桌的成绩 ({describe(old, 'zh')})",
                    f"The result of this table on board {old.board} ({describe(old, 'en')})")
    store.add_result(current.id, new, store.next_batch(current.id), req.user_id, replaces=old)
    count = len(existing) + (0 if old else 1)
    if old is not None:
        return ClubReply(req.say(f"已更正: {describe(old, 'zh')} → {outcome(new, 'zh')}。撤销: /undo",
                                 f"Corrected: {describe(old, 'en')} → {outcome(new, 'en')}. To take it back: /undo"))
    return ClubReply(req.say(f"已记录: {describe(new, 'zh')} (第 {new.board} 副共 {count} 个成绩)",
                             f"Recorded: {describe(new, 'en')} ({count} result(s) on board {new.board})"))


def undo(store: ClubStore, req: Request) -> ClubReply:
    """``/undo``: take back the caller's own last record or import in the chat's open session
    (the session's creator or an admin: anyone's last).  Nothing is erased: ``/redo`` brings
    it back."""
    current = open_session(store, req)
    manager = is_manager(current, req)
    mine = None if manager else req.user_id
    change = history.latest(store, current.id, mine)
    if change is not None and change.batch > store.last_batch(current.id, mine):
        history.undo(store, current.id, change, req.user_id)
        return ClubReply(req.say(f"已撤销: {history.describe(change, 'zh')}恢复原样。再改回来: /redo",
                                 f"Taken back: {history.describe(change, 'en')} is as it was. To change it "
                                 "again: /redo"))
    removed, restored = store.undo_last(current.id, req.user_id, recorded_by=mine)
    if not removed:
        if manager:
            raise ClubInputError(f"“{current.name}” 还没有成绩可以撤销。记录成绩: {example(current)}",
                                 f"“{current.name}” has no result to take back. To record one: {example(current)}")
        raise ClubInputError(f"你在 “{current.name}” 里没有可以撤销的成绩: 每人只能撤销自己记录的成绩, "
                             "开这场比赛的人或群管理员可以撤销任何人的。",
                             f"You have no result to take back in “{current.name}”: members take back their own "
                             "records; the person who started the session or a group admin may take back anyone's.")
    if len(removed) == 1:
        text = req.say(f"已撤销: {describe(removed[0], 'zh')}", f"Taken back: {describe(removed[0], 'en')}")
    else:
        text = req.say(f"已撤销上次导入的 {len(removed)} 个成绩。", f"Took back the {len(removed)} imported results.")
    if restored:
        back = "; ".join(describe(r, req.lang) for r in restored)
        text += req.say(f"\n恢复原来的成绩: {back}", f"\nRestored the earlier result: {back}")
    return ClubReply(text)


def redo(store: ClubStore, req: Request) -> ClubReply:
    """``/redo``: bring back what the caller's last ``/undo`` took back (the session's creator or
    an admin: anyone's last undo), unless the table has a newer result by now."""
    current = open_session(store, req)
    mine = None if is_manager(current, req) else req.user_id
    change = history.last_undone(store, current.id, mine)
    if change is not None and change.undo_seq > store.last_undo_seq(current.id, mine):
        if not history.redo(store, current.id, change):
            raise ClubInputError(f"{history.describe(change, 'zh')}后来又改过, 没有恢复。要改请直接再发一次命令。",
                                 f"{history.describe(change, 'en').capitalize()} changed again since; nothing was "
                                 "brought back. Send the command again to change it.")
        return ClubReply(req.say(f"已恢复: {history.describe(change, 'zh')}", 
                                 f"Brought back: {history.describe(change, 'en')}"))
    undone = store.last_undone(current.id, mine)
    if not undone:
        raise ClubInputError(f"“{current.name}” 里没有可以恢复的撤销。/redo 恢复你上一次 /undo 撤销的成绩。",
                             f"Nothing undone to bring back in “{current.name}”. /redo brings back what your last "
                             "/undo took back.")
    for result, replaced in undone:
        now = check_clash(result, store.results(current.id, result.board), current)
        if now is not None and now.id != replaced:
            raise ClubInputError(
                f"第 {result.board} 副这一桌后来又记了成绩 ({describe(now, 'zh')}), 没有恢复。要改请直接用 /r。",
                f"Board {result.board} of this table has a newer result ({describe(now, 'en')}); nothing was "
                "brought back. Use /r to change it.")
    store.redo(undone)
    if len(undone) == 1:
        return ClubReply(req.say(f"已恢复: {describe(undone[0][0], 'zh')}", f"Brought back: {describe(undone[0][0], 'en')}"))
    return ClubReply(req.say(f"已恢复 {len(undone)} 个成绩。", f"Brought back {len(undone)} results."))
