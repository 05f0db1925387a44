import { expect, type APIRequestContext } from '@playwright/test';

/** The e2e mailbox's HTTP API (e2e/support/mailbox.mjs). */
export const MAILBOX_URL = process.env.E2E_MAILBOX_URL ?? 'http://127.0.0.1:2527';

export interface ReceivedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  code: string | null;
  receivedAt: number;
}

/** The newest mail to `to` received after `since` (ms), with `subject` when given, waiting for it to arrive. */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  since = 0,
  timeout: number | { subject: string; timeout?: number } = 15_000,
): Promise<ReceivedMail> {
  let mail: ReceivedMail | undefined;
  const wait = typeof timeout === 'number' ? timeout : (timeout.timeout ?? 15_000);
  const subject = typeof timeout === 'number' ? undefined : timeout.subject;
  await expect
    .poll(
      async () => {
        const res = await request.get(`${MAILBOX_URL}/messages`, { params: { to, since: String(since), ...(subject ? { subject } : {}) } });
        if (res.status() !== 200) return false;
        mail = (await res.json()) as ReceivedMail;
        return true;
      },
      { timeout: wait, intervals: [200, 300, 500], message: `a mail to ${to}${subject ? ` about "${subject}"` : ''}` },
    )
    .toBe(true);
  return mail!;
}

/** The 6-digit code of the newest mail to `to` received after `since`. */
export async function waitForCode(request: APIRequestContext, to: string, since = 0): Promise<string> {
  const mail = await waitForMail(request, to, since);
  expect(mail.code, `a 6-digit code in: ${mail.text}`).toMatch(/^\d{6}$/);
  return mail.code!;
}

/** A fresh address for each test (the mailbox and the shop are shared by every test). */
export function uniqueEmail(label: string): string {
  return `e2e-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}
