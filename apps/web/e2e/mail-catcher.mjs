// The mail server of the e2e run: a real SMTP server (the `smtp-server` package, which speaks the
// protocol) that the API's SMTP_URL points at, so messages leave through nodemailer exactly as in
// production. Each message it accepts is written whole, as the `.eml` a mail client would store,
// into E2E_MAIL_DIR; the specs read and parse them there (e2e/mail.ts).
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

const port = Number(process.env.E2E_SMTP_PORT);
const directory = process.env.E2E_MAIL_DIR;
if (!port || !directory) throw new Error('E2E_SMTP_PORT and E2E_MAIL_DIR are required');

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      received += 1;
      const name = `${Date.now()}-${String(received).padStart(5, '0')}`;
      // Written under another name first: a spec never reads half a message.
      const partial = join(directory, `${name}.partial`);
      writeFileSync(partial, Buffer.concat(chunks));
      renameSync(partial, join(directory, `${name}.eml`));
      callback();
    });
  },
});
server.on('error', (error) => console.error('mail catcher:', error.message));
server.listen(port, '127.0.0.1', () => console.log(`mail catcher on smtp://127.0.0.1:${port}`));
