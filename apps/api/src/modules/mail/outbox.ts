import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { newId } from '../../db/ids.js';
import { mailOutbox } from '../../db/schema.js';
import { type MailKind, renderMail } from './templates.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Writes a mail to the outbox inside the caller's transaction: the mail exists if and only if the
 * change that caused it was committed. The dispatcher delivers it afterwards.
 */
export async function enqueueMail(
  db: Executor,
  mail: { to: string; kind: MailKind; locale: string; link: string; name: string; inviter?: string },
): Promise<void> {
  const rendered = renderMail(mail.kind, mail.locale, mail);
  await db.insert(mailOutbox).values({
    id: newId(),
    toAddress: mail.to,
    subject: rendered.subject,
    textBody: rendered.text,
    kind: mail.kind,
  });
}

export async function listOutbox(
  db: Executor,
  options: { to?: string; limit: number },
): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(options.to ? sql`lower(${mailOutbox.toAddress}) = lower(${options.to})` : undefined)
    .orderBy(desc(mailOutbox.insertedAt), desc(mailOutbox.id))
    .limit(options.limit);
}

/** Mails still to send, oldest first, locked so two processes never send the same mail. */
export async function claimUnsent(db: Executor, maxAttempts: number, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), lt(mailOutbox.attempts, maxAttempts)))
    .orderBy(asc(mailOutbox.insertedAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markSent(db: Executor, id: string): Promise<void> {
  await db.update(mailOutbox).set({ sentAt: new Date(), lastError: null }).where(eq(mailOutbox.id, id));
}

export async function markFailed(db: Executor, id: string, error: string): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastError: error.slice(0, 500) })
    .where(eq(mailOutbox.id, id));
}
