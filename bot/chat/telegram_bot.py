"""The Telegram bot: a python-telegram-bot ``Application`` whose handlers only pass text to the core.

Every handler is a few lines: turn the update into a :class:`bot.chat.core.ChatMessage`, ask the
core, send the :class:`bot.chat.core.Reply` as HTML with its buttons.  In groups the bot answers
commands, mentions and replies to itself, and stays silent otherwise (privacy-mode friendly).
"""

from __future__ import annotations

import logging
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
    Update,
)
from telegram.constants import ChatMemberStatus, ChatType, ParseMode
from telegram.error import NetworkError, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    CommandHandler,
    ContextTypes,
    Defaults,
    InlineQueryHandler,
    MessageHandler,
    filters,
)

from bot.chat.context import FloodGuard
from bot.chat.texts import say
from bot.chat.core import ALIASES, CLUB_COMMANDS, MENU, Core, detect_lang
from bot.chat.reply import ChatMessage, Reply
from bot.chat.html import reply_html, reply_messages
from bot.chat.settings import Settings

log = logging.getLogger(__name__)

COMMANDS = sorted({name for name, _, _ in MENU} | set(ALIASES) | CLUB_COMMANDS
                  | {"start", "help", "about", "more", "next", "prev"})
# Larger files are refused before download; the club checks its own, smaller limit on the bytes.
MAX_IMPORT_BYTES = 2_000_000


class AddressedToBot(filters.MessageFilter):
    """Group text that mentions the bot (``@name``) or replies to one of its messages."""

    def filter(self, message: Message) -> bool:
        bot = message.get_bot()
        reply = message.reply_to_message
        if reply is not None and reply.from_user is not None and reply.from_user.id == bot.id:
            return True
        return bool(message.text) and f"@{bot.username}".lower() in message.text.lower()


class TelegramShell:
    """The handlers, holding the core and the per-chat flood guard."""

    def __init__(self, core: Core, flood: FloodGuard | None = None):
        self.core = core
        self.flood = flood or FloodGuard()

    def register(self, application: Application) -> None:
        """Add every handler to ``application``."""
        application.add_handler(CommandHandler(COMMANDS, self.on_text))
        application.add_handler(MessageHandler(
            filters.Document.ALL & filters.CaptionRegex(r"^/(?:import|hands)\b"), self.on_import))
        application.add_handler(MessageHandler(
            filters.TEXT & ~filters.COMMAND & filters.ChatType.PRIVATE, self.on_text))
        application.add_handler(MessageHandler(
            filters.TEXT & ~filters.COMMAND & filters.ChatType.GROUPS & AddressedToBot(), self.on_text))
        application.add_handler(CallbackQueryHandler(self.on_button))
        application.add_handler(InlineQueryHandler(self.on_inline))
        application.add_error_handler(self.on_error)

    async def on_text(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A command or a message meant for the bot: answer it through the core."""
        message = update.effective_message
        if not await self._allowed(update, context):
            return
        text = message.text.replace(f"@{context.bot.username}", " ").strip()
        reply = self.core.handle(await self._chat_message(update, context, text))
        await send_reply(context.bot, message.chat_id, reply)

    async def on_import(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``/import`` (a CSV) or ``/hands`` (a PBN) with the file attached: hand the bytes to the
        club commands."""
        message = update.effective_message
        if not await self._allowed(update, context):
            return
        size = message.document.file_size or 0
        if size > MAX_IMPORT_BYTES:
            words = (message.caption or "").split(maxsplit=1)[1:]  # the words after /import, if any
            lang = detect_lang(" ".join(words), (update.effective_user.language_code or "zh")[:2])
            reply = Reply(body=say("file_too_large", lang, kb=size // 1024, limit=MAX_IMPORT_BYTES // 1024))
            await send_reply(context.bot, message.chat_id, reply)
            return
        attachment = bytes(await (await message.document.get_file()).download_as_bytearray())
        reply = self.core.handle(await self._chat_message(update, context, message.caption, attachment))
        await send_reply(context.bot, message.chat_id, reply)

    async def on_button(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """A tapped button: its data is a command; navigation edits the tapped message in place."""
        query = update.callback_query
        await query.answer()
        if not query.data or query.message is None or not await self._allowed(update, context):
            return
        reply = self.core.press(await self._chat_message(update, context, query.data))
        if reply.edit and isinstance(query.message, Message) and len(reply_messages(reply)) == 1:
            await query.edit_message_text(reply_html(reply), reply_markup=keyboard(reply))
        else:
            await send_reply(context.bot, query.message.chat.id, reply)

    async def on_inline(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """``@bot 罚张`` in any chat: matching clauses as articles, or a pointer to private chat."""
        query = update.inline_query
        lang = "en" if (query.from_user.language_code or "").startswith("en") else "zh"
        items = self.core.inline(query.query, query.from_user.language_code)
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

    async def _allowed(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> bool:
        verdict = self.flood.check(update.effective_chat.id)
        if verdict == "warn":
            user = update.effective_user
            lang = "en" if user and (user.language_code or "").startswith("en") else "zh"
            await context.bot.send_message(update.effective_chat.id, say("flood", lang))
        return verdict == "ok"

    async def _chat_message(self, update: Update, context, text: str, attachment: bytes | None = None) -> ChatMessage:
        chat, user = update.effective_chat, update.effective_user
        return ChatMessage(
            text=text,
            chat_id=chat.id,
            user_id=user.id if user else chat.id,
            user_is_admin=await _is_admin(update, context, text),
            lang_hint=user.language_code if user else None,
            attachment=attachment,
        )


async def _is_admin(update: Update, context, text: str) -> bool:
    """Private chats are their user's own; in groups ask Telegram, only for club commands."""
    chat, user = update.effective_chat, update.effective_user
    if chat.type == ChatType.PRIVATE:
        return True
    command = text.split(maxsplit=1)[0].lstrip("/").split("@")[0] if text.startswith("/") else ""
    if command not in CLUB_COMMANDS or user is None:
        return False
    try:
        member = await context.bot.get_chat_member(chat.id, user.id)
    except TelegramError:
        return False
    return member.status in (ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.OWNER)


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


async def send_reply(bot, chat_id: int, reply: Reply) -> None:
    """Send ``reply`` to ``chat_id``: HTML text (in several messages if it is too long for one)
    with its buttons under the last, then its document if any."""
    messages = reply_messages(reply)
    for i, text in enumerate(messages, 1):
        await bot.send_message(chat_id, text, reply_markup=keyboard(reply) if i == len(messages) else None)
    if reply.document is not None:
        filename, data = reply.document
        await bot.send_document(chat_id, document=data, filename=filename)


async def publish_commands(application: Application) -> None:
    """Set the command menu (Chinese by default, English for ``en`` users); an API that
    refuses it is logged and ignored, the bot works without a menu."""
    for lang, index in (("zh", 1), ("en", 2)):
        commands = [BotCommand(entry[0], entry[index]) for entry in MENU]
        try:
            await application.bot.set_my_commands(
                commands, scope=BotCommandScopeDefault(), language_code=None if lang == "zh" else "en")
        except TelegramError as err:
            log.warning("set_my_commands (%s) refused: %s", lang, err)


def build_application(token: str, core: Core, *, base_url: str | None = None, base_file_url: str | None = None,
                      request=None, get_updates_request=None, flood: FloodGuard | None = None) -> Application:
    """The wired ``Application``: HTML parse mode, rate limiter retrying 429s, all handlers.

    ``base_url``/``base_file_url``/``request``/``get_updates_request`` point it at another Bot
    API server (the tests' emulator)."""
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
    application = builder.build()
    TelegramShell(core, flood).register(application)
    return application


class RedactToken(logging.Filter):
    """Replaces the bot token in every log record (libraries log request URLs that contain it)."""

    def __init__(self, token: str):
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        """Rewrite the record's message without the token; never drops a record."""
        message = record.getMessage()
        if self.token in message:
            record.msg, record.args = message.replace(self.token, "<token>"), None
        return True


class ShortNetworkErrors(logging.Filter):
    """Network failures are expected weather, not bugs: log their one-line cause, no traceback."""

    def filter(self, record: logging.LogRecord) -> bool:
        """Drop the traceback of records carrying a :class:`telegram.error.NetworkError`."""
        if record.exc_info and isinstance(record.exc_info[1], NetworkError):
            record.msg, record.args = f"{record.getMessage()} ({record.exc_info[1]})", None
            record.exc_info, record.exc_text = None, None
        return True


def webhook_options(settings: Settings) -> dict:
    """Arguments of ``run_webhook``/``start_webhook``: listen on ``settings.listen:port`` at the
    path of ``settings.webhook_url``, which Telegram is told to call."""
    return {
        "listen": settings.listen,
        "port": settings.port,
        "url_path": urlparse(settings.webhook_url).path.lstrip("/"),
        "webhook_url": settings.webhook_url,
        "secret_token": settings.webhook_secret,
    }


def run(settings: Settings, core: Core) -> None:
    """Run the bot until interrupted: long polling, or a webhook when ``settings.webhook_url`` is set."""
    for handler in logging.getLogger().handlers:
        handler.addFilter(ShortNetworkErrors())
        handler.addFilter(RedactToken(settings.token))
    logging.getLogger("httpx").setLevel(logging.WARNING)
    application = build_application(settings.token, core, base_url=settings.api_url)
    if settings.webhook_url:
        application.run_webhook(**webhook_options(settings), allowed_updates=Update.ALL_TYPES)
    else:
        application.run_polling(allowed_updates=Update.ALL_TYPES)
