import type { TCodeSentResponse, TSubscribeResponse } from '@cubeshop/shared';
import { unauthorized } from '../../lib/app-error.js';
import type { AccountService } from '../account/account.service.js';
import type { Caller } from '../../lib/session.js';
import type { OtpService } from '../authn/otp.service.js';

/**
 * Newsletter subscription of a signed-in buyer: the address is proved with a code and kept as the
 * user's subscribeEmail (one address per user; subscribing again replaces it).
 */
export function createNewsletterService({ account, otp }: { account: AccountService; otp: OtpService }) {
  return {
    /**
     * A code to the address the buyer typed: within every code limit (address, source) and the
     * signed-in account's own (5 an hour, 3 different addresses a day), so no account can make
     * the shop mail strangers at will (docs/accounts.md, Codes to an address a buyer types).
     */
    requestCode(userId: number, email: string, caller: Caller): Promise<TCodeSentResponse> {
      return otp.issue({
        purpose: 'subscribe',
        contact: { kind: 'email', value: email },
        locale: caller.locale,
        ip: caller.ip,
        delivery: 'await',
        account: userId,
      });
    },
    async subscribe(userId: number, email: string, code: string): Promise<TSubscribeResponse> {
      await otp.verify('subscribe', { kind: 'email', value: email }, code);
      const user = await account.setSubscribeEmail(userId, email.trim());
      if (!user) throw unauthorized();
      return { ok: true, subscribeEmail: user.subscribeEmail };
    },
    async unsubscribe(userId: number): Promise<TSubscribeResponse> {
      const user = await account.setSubscribeEmail(userId, null);
      if (!user) throw unauthorized();
      return { ok: true, subscribeEmail: null };
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
