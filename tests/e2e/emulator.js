// Starts the telegram-test-api Bot API emulator on a loopback port for the end-to-end tests.
// Usage: node emulator.js PORT — prints "READY <port>" once listening; stops on SIGTERM/SIGINT
// or when stdin closes (so a crashed test run never leaves it behind).
const TelegramServer = require('telegram-test-api');

const port = Number(process.argv[2] || 9000);
const server = new TelegramServer({ port, host: '127.0.0.1', storeTimeout: 600 });

// The real Bot API sends setWebhook's secret_token with every push (header
// X-Telegram-Bot-Api-Secret-Token); telegram-test-api 4.2.1 does not, so pushes to a webhook
// that set a secret go out here, with the header, the way Telegram sends them.
const axios = require('axios');
const addUserUpdate = server.addUserUpdate.bind(server);
server.addUserUpdate = async function addUserUpdateWithSecret(update) {
  const webhook = this.webhooks[update.botToken];
  if (!webhook || !webhook.secret_token) {
    return addUserUpdate(update);
  }
  await axios({
    url: webhook.url,
    method: 'POST',
    data: TelegramServer.formatUpdate(update),
    headers: { 'X-Telegram-Bot-Api-Secret-Token': webhook.secret_token },
  });
  this.updateId++;
};

async function stop() {
  try { await server.stop(); } finally { process.exit(0); }
}

server.start().then(() => {
  process.stdout.write(`READY ${port}\n`);
}, (err) => {
  process.stderr.write(`emulator failed to start: ${err}\n`);
  process.exit(1);
});
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.stdin.on('end', stop);
process.stdin.resume();
