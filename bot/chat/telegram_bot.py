"""The Telegram bot: a python-telegram-bot ``Application`` whose handlers only pass text to the core.

Every handler is a few lines: turn the update into a :class:`bot.chat.core.ChatMessage`, ask the
core, send the :class:`bot.chat.core.Reply` as HTML with its buttons.  In groups the bot answers
commands, mentions and replies to itself, and stays silent otherwise (privacy-mode friendly).
"""

from __future__ import annotations

import dataclasses
import html
import logging
import secrets
import time
from urllib.parse import urlparse

from telegram import (
    BotCommand,
    BotCommandScopeDefault,
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Message,
    ReplyParameters,
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import BadRequest, InvalidToken, NetworkError, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    Defaults,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from bot.chat import commands
from bot.chat.admins import AdminCache
from bot.chat.guard import FloodGuard
from bot.chat.workers import ChatWorkers
from bot.chat.texts import say
from bot.chat.core import Core, detect_lang
from bot.chat.reply import ChatMessage, Reply
from bot.chat.html import reply_html, reply_messages
from bot.chat.redact import protect_logs
from bot.chat.settings import Settings
from bot.club.csvio import MAX_IMPORT_BYTES

log = logging.getLogger(__name__)

COMMANDS = sorted(commands.NAMES)
CLUB_COMMANDS = commands.CLUB_COMMANDS
# Club commands that record or take back results: never dropped by the flood guard.
RESULT_COMMANDS = frozenset({"r", "undo", "redo", "import"})
# Club commands where an administrator may do more than a member (end, delete, undo anyone's, replace
# another member's result, name or hand records); the answer is cached a minute per member.
MANAGER_COMMANDS = frozenset({"session", "undo", "redo", "r", "pair", "team", "hands"})


class AddressedToBot(filters.MessageFilter):
    """Group text that mentions the bot (``@name``) or replies to one of its messages."""

    def filter(self, message: Message) -> bool:
        bot = message.get_bot()
        reply = message.reply_to_message
        if reply is not None and reply.from_user is not None and reply.from_user.id == bot.id:
            return True
        return bool(message.text) and f"@{bot.username}".lower() in message.text.lower()


class TelegramShell:
    """The handlers, holding the core, the flood guard, the chat workers and the admin cache.

    A handler only checks the flood guard and queues the chat's job: the core runs in a worker
    thread (:class:`bot.chat.workers.ChatWorkers`), so a long club command never holds up
    another chat, and each chat's answers keep their order."""

    def __init__(self, core: Core, flood: FloodGuard | None = None, workers: ChatWorkers | None = None):
        self.core = core
        self.flood = flood or FloodGuard()
        self.workers = workers or ChatWorkers()
        self.admins = AdminCache()

    def register(self, application: Application) -> None:
        """Add every handler to ``application``."""
        application.add_handler(CommandHandler(COMMANDS, self.on_text))
        application.add_handler(MessageHandler(filters.COMMAND, self.on_other_command))
        application.add_handler(MessageHandler(
            filters.Document.ALL & filters.CaptionRegex(r"^/(?:import|hands)\b"), self.on_import))
        application.add_handler(MessageHandler(
            filters.TEXT & ~filters.COMMAND & filters.ChatType.PRIVATE, self.on_text))
        application.add_handler(MessageHandler(
            filters.TEXT & ~filters.COMMAND & filters.ChatType.GROUPS & AddressedToBot(), self.on_text))
        application.add_handler(ChatMemberHandler(self.on_added, ChatMemberHandler.MY_CHAT_MEMBER))
        application.add_handler(CallbackQueryHandler(self.on_button))
        application.add_handler(InlineQueryHandler(self.on_inline))
        application.add_error_handler(self.on_error)

    async def on_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A command or a message meant for the bot: answer it through the core."""
        message = update.effective_message
        text = message.text.replace(f"@{context.bot.username}", " ").strip()
        command = command_name(text)
        if update.edited_message is not None and command in CLUB_COMMANDS:
            # Editing an old /undo or /r must not run it a second time.
            await self._queue(update, context, lambda: self._say(update, context, "edited_club", text))
            return
        if not await self._allowed(update, context, essential=command in RESULT_COMMANDS):
            return
        quoted = _quoted(message, context.bot.id)

        async def answer():
            chat_message = await self._chat_message(update, context, text, quoted=quoted)
            reply = await self.workers.run(self.core.handle, chat_message, club=command in CLUB_COMMANDS)
            await send_reply(context.bot, message.chat_id, reply, reply_to=_thread(message, context.bot.id))

        await self._queue(update, context, answer)

    async def on_added(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """The bot was added to a group: one short message on how to address it there (privacy
        mode shows it only mentions, replies and commands) and how to start a session."""
        change = update.my_chat_member
        if change is None or change.chat.type == ChatType.PRIVATE:
            return
        joined = change.new_chat_member.status in (ChatMemberStatus.MEMBER, ChatMemberStatus.ADMINISTRATOR)
        was_out = change.old_chat_member.status in (ChatMemberStatus.LEFT, ChatMemberStatus.BANNED)
        if not (joined and was_out):
            return  # promoted, demoted or removed: nothing to say
        lang = change.from_user.language_code if change.from_user else None
        reply = self.core.welcome(lang, f"@{context.bot.username}" if context.bot.username else "")
        log.info("added to group %s", change.chat.id)
        await self._queue(update, context, lambda: send_reply(context.bot, change.chat.id, reply))

    async def on_other_command(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A command this bot does not have (``/standing``, ``/foo``): answered like the console
        does, with the nearest command; in a group only when it names the bot or is a near miss
        (other bots' commands pass by there)."""
        message = update.effective_message
        if message is None or not message.text:
            return
        command = message.text.split(maxsplit=1)[0]
        addressed = command.lower().endswith(f"@{context.bot.username}".lower())
        if message.chat.type != ChatType.PRIVATE and not addressed:
            if "@" in command or not self.core.answers_command(message.text):
                return  # another bot's command
        await self.on_text(update, context)

    async def on_import(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``/import`` (a CSV) or ``/hands`` (a PBN) with the file attached: hand the bytes to the
        club commands."""
        message = update.effective_message
        if update.edited_message is not None:
            await self._queue(update, context, lambda: self._say(update, context, "edited_club", message.caption))
            return
        if not await self._allowed(update, context, essential=True):
            return
        size = message.document.file_size or 0
        if size > MAX_IMPORT_BYTES:  # the club importer's own limit, checked before downloading
            words = (message.caption or "").split(maxsplit=1)[1:]  # the words after /import, if any
            lang = detect_lang(" ".join(words), (update.effective_user.language_code or "zh")[:2])
            reply = Reply(body=say("file_too_large", lang, kb=size // 1024, limit=MAX_IMPORT_BYTES // 1024))
            await send_reply(context.bot, message.chat_id, reply)
            return

        async def answer():
            attachment = bytes(await (await message.document.get_file()).download_as_bytearray())
            chat_message = await self._chat_message(update, context, message.caption, attachment)
            reply = await self.workers.run(self.core.handle, chat_message, club=True)
            await send_reply(context.bot, message.chat_id, reply, reply_to=_thread(message, context.bot.id))

        await self._queue(update, context, answer)

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A tapped button: its data is a command; navigation edits the tapped message in place."""
        query = update.callback_query
        await query.answer()
        if not query.data or query.message is None or not await self._allowed(update, context):
            return

        async def answer():
            chat_message = await self._chat_message(update, context, query.data)
            reply = await self.workers.run(self.core.press, chat_message,
                                           club=command_name(query.data) in CLUB_COMMANDS)
            if reply.edit and isinstance(query.message, Message) and len(reply_messages(reply)) == 1:
                await query.edit_message_text(reply_html(reply), reply_markup=keyboard(reply))
            else:
                await send_reply(context.bot, query.message.chat.id, reply)

        await self._queue(update, context, answer)

    async def on_inline(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``@bot 罚张`` in any chat: matching clauses as articles, or a pointer to private chat."""
        query = update.inline_query
        # every keystroke is a query: a member past the flood guard's burst gets no answer (not a search
        # each), in a bucket of its own so that it does not count against the member's group messages
        if self.flood.check("inline", query.from_user.id) != "ok":
            return
        lang = "en" if (query.from_user.language_code or "").startswith("en") else "zh"
        items = await self.workers.run(self.core.inline, query.query, query.from_user.language_code)
        button = InlineQueryResultsButton(text=say("inline_private", lang), start_parameter="inline")
        await query.answer(inline_articles(items, lang), cache_time=60, button=button)

    async def on_error(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Log the exception with the update, tell the chat briefly; the application keeps running."""
        log.error("update %s caused an error", _describe(update), exc_info=context.error)
        if not isinstance(update, Update) or update.effective_chat is None:
            return
        user = update.effective_user
        text = update.effective_message.text if update.effective_message and update.effective_message.text else ""
        reply = self.core.apology(text or "", user.language_code if user else None)
        try:
            await context.bot.send_message(update.effective_chat.id, reply_html(reply))
        except TelegramError:
            log.warning("could not send the apology to chat %s", update.effective_chat.id)

    async def _queue(self, update: Update, context: ContextTypes.DEFAULT_TYPE, job) -> None:
        """Run ``job`` in the chat's queue, its members in turn; a failure reaches :meth:`on_error`."""
        user = update.effective_user
        self.workers.submit(update.effective_chat.id, job,
                            spawn=lambda coroutine: context.application.create_task(coroutine, update=update),
                            member=user.id if user else None)

    async def _say(self, update: Update, context: ContextTypes.DEFAULT_TYPE, key: str, text: str | None) -> None:
        user = update.effective_user
        words = " ".join((text or "").split(maxsplit=1)[1:])  # not the command's own name
        lang = detect_lang(words, "en" if user and (user.language_code or "").startswith("en") else "zh")
        await send_reply(context.bot, update.effective_chat.id, Reply(body=say(key, lang)))

    async def _allowed(self, update: Update, context: ContextTypes.DEFAULT_TYPE, essential: bool = False) -> bool:
        """Ask the flood guard about this member; tell a member who goes too fast, once."""
        chat, user = update.effective_chat, update.effective_user
        verdict = self.flood.check(chat.id, user.id if user else chat.id, essential=essential)
        if verdict == "warn":
            lang = "en" if user and (user.language_code or "").startswith("en") else "zh"
            if chat.type == ChatType.PRIVATE or user is None:
                text = say("flood", lang)
            else:
                text = say("flood_member", lang, name=html.escape(user.first_name or str(user.id)))
            # Queued like an answer, so it comes after the answers already on their way.
            await self._queue(update, context, lambda: context.bot.send_message(chat.id, text))
        return verdict == "ok"

    async def _chat_message(self, update: Update, context, text: str, attachment: bytes | None = None,
                            quoted: str | None = None) -> ChatMessage:
        chat, user = update.effective_chat, update.effective_user
        return ChatMessage(
            text=text,
            chat_id=chat.id,
            user_id=user.id if user else chat.id,
            user_is_admin=await self._is_admin(update, context, text),
            lang_hint=user.language_code if user else None,
            attachment=attachment,
            quoted=quoted,
            mention=f"@{context.bot.username}" if context.bot.username else "",
        )

    async def _is_admin(self, update: Update, context, text: str) -> bool:
        """A private chat is its user's own (its id is the user's); in any other chat Telegram
        says who is an administrator — never the chat type an update claims.  Asked only for
        the commands that need it (each call counts against the group's 20 a minute)."""
        chat, user = update.effective_chat, update.effective_user
        if user is None or command_name(text) not in MANAGER_COMMANDS:
            return False
        if chat.id == user.id:
            return True
        return await self.admins.is_admin(context.bot, chat.id, user.id)

def _thread(message: Message, bot_id: int) -> int | None:
    """The message a group answer replies to: the one that asked, or — for ``/law 50`` sent as a
    reply to someone else's message — that message (rules-bot style).  None in private chats."""
    if message.chat.type == ChatType.PRIVATE:
        return None
    quoted = message.reply_to_message
    if quoted is not None and (quoted.from_user is None or quoted.from_user.id != bot_id):
        return quoted.message_id
    return message.message_id


def _quoted(message: Message, bot_id: int) -> str | None:
    """The text of the message this one replies to, unless it is the bot's own answer."""
    quoted = message.reply_to_message
    if quoted is None or (quoted.from_user is not None and quoted.from_user.id == bot_id):
        return None
    return quoted.text or quoted.caption


def command_name(text: str | None) -> str:
    """The command a message starts with, lower case, without ``/`` and ``@bot`` (``/Session@Bot
    end`` → ``session``); empty for other text."""
    if not text or not text.startswith("/"):
        return ""
    return text.split(maxsplit=1)[0].lstrip("/").split("@")[0].lower()


def _describe(update: object) -> str:
    if isinstance(update, Update):
        return str(update.to_dict())
    return repr(update)


def inline_articles(items, lang: str) -> list[InlineQueryResultArticle]:
    """Inline results as articles (title = law and clause, description = snippet); when there
    are none, one article that says so and points to private chat."""
    if not items:
        hint = say("inline_none_hint", lang)
        return [InlineQueryResultArticle(id="none", title=say("inline_none", lang), description=hint,
                                         input_message_content=InputTextMessageContent(hint))]
    return [
        InlineQueryResultArticle(
            id=item.id,
            title=item.title,
            description=item.description,
            input_message_content=InputTextMessageContent(reply_html(item.reply), parse_mode=ParseMode.HTML),
        )
        for item in items
    ]


def keyboard(reply: Reply) -> InlineKeyboardMarkup | None:
    """The reply's buttons as an inline keyboard (None when it has none)."""
    if not reply.buttons:
        return None
    return InlineKeyboardMarkup(
        [[InlineKeyboardButton(b.label, callback_data=b.data) for b in row] for row in reply.buttons]
    )


async def send_reply(bot, chat_id: int, reply: Reply, reply_to: int | None = None) -> None:
    """Send ``reply`` to ``chat_id``: HTML text (in several messages if it is too long for one)
    with its buttons under the last, then its document if any — a PNG as a photo, so the chat shows
    the picture itself; the first message answers message ``reply_to`` when given (sent anyway if
    that message is gone)."""
    messages = reply_messages(reply)
    for i, text in enumerate(messages, 1):
        options = {"reply_markup": keyboard(reply) if i == len(messages) else None}
        if reply_to is not None and i == 1:
            options["reply_parameters"] = ReplyParameters(reply_to, allow_sending_without_reply=True)
        await bot.send_message(chat_id, text, **options)
    if reply.document is not None:
        filename, data = reply.document
        if filename.endswith(".png"):
            try:
                await bot.send_photo(chat_id, photo=data, filename=filename)
                return
            except BadRequest as err:  # beyond a photo's limits (10 MB, sides): send the file itself
                log.warning("picture %s sent as a file: %s", filename, err)
        await bot.send_document(chat_id, document=data, filename=filename)


async def publish_commands(application: Application) -> None:
    """Set the command menu (Chinese by default, English for ``en`` users); an API that
    refuses it is logged and ignored, the bot works without a menu."""
    for lang in ("zh", "en"):
        menu = [BotCommand(name, description) for name, description in commands.menu(lang)]
        try:
            await application.bot.set_my_commands(
                menu, scope=BotCommandScopeDefault(), language_code=None if lang == "zh" else "en")
        except TelegramError as err:
            log.warning("set_my_commands (%s) refused: %s", lang, err)


def build_application(token: str, core: Core, *, base_url: str | None = None, base_file_url: str | None = None,
                      request=None, get_updates_request=None, flood: FloodGuard | None = None,
                      updater: bool = True) -> Application:
    """The wired ``Application``: HTML parse mode, rate limiter retrying 429s, all handlers.

    ``base_url``/``base_file_url``/``request``/``get_updates_request`` point it at another Bot
    API server (the tests' emulator); ``updater=False`` for a replica, which takes its updates from
    the inbox (:mod:`bot.chat.replica`)."""
    builder = (
        ApplicationBuilder()
        .token(token)
        .defaults(Defaults(parse_mode=ParseMode.HTML))
        .rate_limiter(AIORateLimiter(max_retries=3))
        .post_init(publish_commands)
    )
    if base_url:
        builder = builder.base_url(base_url)
    if base_file_url:
        builder = builder.base_file_url(base_file_url)
    if request is not None:
        builder = builder.request(request)
    if get_updates_request is not None:
        builder = builder.get_updates_request(get_updates_request)
    if not updater:
        builder = builder.updater(None)
    application = builder.build()
    shell = TelegramShell(core, flood)
    shell.register(application)
    application.bot_data["shell"] = shell  # a replica waits for the chat jobs an update queued
    return application


class ShortNetworkErrors(logging.Filter):
    """Network failures and a refused token are expected weather, not bugs: log their one-line cause;
    the traceback only when the log level is DEBUG."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Drop the traceback of records carrying a :class:`telegram.error.NetworkError` or
        :class:`telegram.error.InvalidToken` (a 401 or 404 at start), unless DEBUG is logged."""
        if (record.exc_info and isinstance(record.exc_info[1], (NetworkError, InvalidToken))
                and not logging.getLogger().isEnabledFor(logging.DEBUG)):
            record.msg, record.args = f"{record.getMessage()} ({record.exc_info[1]})", None
            record.exc_info, record.exc_text = None, None
        return True


def webhook_options(settings: Settings) -> dict:
    """Arguments of ``run_webhook``/``start_webhook``: listen on ``settings.listen:port`` at the
    path of ``settings.webhook_url``, which Telegram is told to call with ``settings.webhook_secret``
    (python-telegram-bot refuses every request that does not carry it).

    Raises ValueError without a secret: a webhook anyone can post to is never started."""
    if not settings.webhook_secret:
        raise ValueError("webhook mode needs a secret (BRIDGEBOT_WEBHOOK_SECRET)")
    return {
        "listen": settings.listen,
        "port": settings.port,
        "url_path": urlparse(settings.webhook_url).path.lstrip("/"),
        "webhook_url": settings.webhook_url,
        "secret_token": settings.webhook_secret,
    }


def with_webhook_secret(settings: Settings) -> Settings:
    """``settings`` with a webhook secret: the configured one, else a new random one (Telegram
    is given it by setWebhook at every start, so it need not survive a restart)."""
    if settings.webhook_secret:
        return settings
    return dataclasses.replace(settings, webhook_secret=secrets.token_urlsafe(32))


def check_token(settings: Settings) -> None:
    """Ask Telegram who the bot is (``getMe``), so that a refused token fails at once, before the index is
    prepared: raises :class:`telegram.error.InvalidToken` or :class:`~telegram.error.NetworkError`."""
    import asyncio

    from telegram import Bot

    protect_logs(settings.token, settings.webhook_secret)   # (a DEBUG log of the request holds the token)

    async def ask() -> None:
        async with Bot(settings.token, **({"base_url": settings.api_url} if settings.api_url else {})) as bot:
            await bot.get_me()

    asyncio.run(ask())


def run(settings: Settings, core: Core) -> None:
    """Run the bot until interrupted: long polling, or a webhook when ``settings.webhook_url`` is set."""
    if settings.webhook_url:
        settings = with_webhook_secret(settings)
    protect_logs(settings.token, settings.webhook_secret, filters=[ShortNetworkErrors()])
    logging.getLogger("httpx").setLevel(logging.WARNING)
    if settings.webhook_url and settings.database_url:
        run_replica(settings, core)
        return
    application = build_application(settings.token, core, base_url=settings.api_url)
    if settings.webhook_url:
        application.run_webhook(**webhook_options(settings), allowed_updates=Update.ALL_TYPES)
    else:
        application.run_polling(allowed_updates=Update.ALL_TYPES)


def run_replica(settings: Settings, core: Core) -> None:
    """Run one of several webhook replicas on the PostgreSQL database of ``settings.database_url``:
    updates go through the durable inbox (:mod:`bot.chat.replica`)."""
    import asyncio

    from bot.chat.replica import Replica
    from bot.club.store import default_store

    application = build_application(settings.token, core, base_url=settings.api_url, updater=False)
    options = webhook_options(settings)
    replica = Replica(application, default_store().db, options["secret_token"], options["url_path"])
    asyncio.run(replica.serve(settings.listen, settings.port, settings.webhook_url))
