import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.js';
import { MailDispatcher } from './dispatcher.js';
import { enqueueMail, listOutbox } from './outbox.js';

interface Received {
  to: string[];
  body: string;
}

/** A real SMTP server in the test: the dispatcher talks SMTP to it over TCP. */
function startSmtpServer(): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let body = '';
      stream.on('data', (chunk) => {
        body += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        callback();
      });
    },
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ server, port: (server.server.address() as AddressInfo).port, received });
    });
  });
}

describe('MailDispatcher', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    t = await createTestApp();
    smtp = await startSmtpServer();
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
  });

  it('delivers queued mails over SMTP and marks them sent', async () => {
    await enqueueMail(t.ctx.db, {
      to: 'resident@example.com',
      kind: 'password_reset',
      locale: 'nl',
      name: 'Anna',
      link: 'http://gatehouse.test/auth/reset_password?token=abc',
    });
    const dispatcher = new MailDispatcher(
      t.ctx.db,
      `smtp://127.0.0.1:${smtp.port}`,
      'Gatehouse <no-reply@gatehouse.test>',
      pino({ level: 'silent' }),
    );
    dispatcher.kick();
    await dispatcher.stop();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['resident@example.com']);
    expect(smtp.received[0]!.body).toContain('Subject: Stel je Gatehouse-wachtwoord opnieuw in');
    // The body is quoted-printable: undo its soft line breaks and its escaped '='.
    const text = smtp.received[0]!.body.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    expect(text).toContain('http://gatehouse.test/auth/reset_password?token=abc');
    const [row] = await listOutbox(t.ctx.db, { to: 'resident@example.com', limit: 1 });
    expect(row!.sentAt).not.toBeNull();
  });

  it('keeps a mail for a later attempt when the SMTP server is unreachable', async () => {
    await enqueueMail(t.ctx.db, {
      to: 'later@example.com',
      kind: 'invite',
      locale: 'en',
      name: 'Bob',
      link: 'http://gatehouse.test/auth/confirm_invite?token=xyz',
    });
    const dispatcher = new MailDispatcher(t.ctx.db, 'smtp://127.0.0.1:9', 'x@y.z', pino({ level: 'silent' }));
    dispatcher.kick();
    await dispatcher.stop();
    const [row] = await listOutbox(t.ctx.db, { to: 'later@example.com', limit: 1 });
    expect(row!.sentAt).toBeNull();
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toBeTruthy();
  });
});
