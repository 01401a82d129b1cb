"""The chat's answers, one module per kind: what the core has routed a message to, rendered as a
:class:`bot.chat.reply.Reply`.

Each renderer takes plain values (the :class:`bot.chat.services.Services`, a search result, the
language, the chat's :class:`bot.chat.context.ChatContext`) and returns a reply; none calls back
into :class:`bot.chat.core.Core`, which keeps the routing."""
