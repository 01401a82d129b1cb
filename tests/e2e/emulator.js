// Starts the telegram-test-api Bot API emulator on a loopback port for the end-to-end tests.
// Usage: node emulator.js PORT — prints "READY <port>" once listening; stops on SIGTERM/SIGINT
// or when stdin closes (so a crashed test run never leaves it behind).
const TelegramServer = require('telegram-test-api');

const port = Number(process.argv[2] || 9000);
const server = new TelegramServer({ port, host: '127.0.0.1', storeTimeout: 600 });

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
