import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client.js';
import { claimUnsent, markFailed, markSent } from './outbox.js';

const maxAttempts = 5;
const pollIntervalMs = 30_000;

/**
 * Delivers outbox mails over SMTP (`SMTP_URL`). Without SMTP the outbox is the mailbox: a
 * superadmin reads it in the API (`GET /mail_outbox`), which suits a first install and tests.
 */
export class MailDispatcher {
  private readonly transporter: Transporter;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Database,
    smtpUrl: string,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transporter = nodemailer.createTransport(smtpUrl);
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), pollIntervalMs);
    this.timer.unref();
    this.kick();
  }

  /** Sends what is waiting now (called after a mail is queued, and on a timer for retries). */
  kick(): void {
    this.running ??= this.deliverPending()
      .catch((error) => this.log.error({ err: error }, 'mail delivery failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  private async deliverPending(): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const mail of await claimUnsent(tx, maxAttempts, 20)) {
        try {
          await this.transporter.sendMail({
            from: this.from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.textBody,
          });
          await markSent(tx, mail.id);
        } catch (error) {
          this.log.warn({ err: error, mailId: mail.id }, 'could not send mail; will retry');
          await markFailed(tx, mail.id, (error as Error).message);
        }
      }
    });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
    this.transporter.close();
  }
}
