import { describe, expect, it } from 'vitest';
import { checkGetCode, checkSubscribe, secondsUntilResend, sendTimeForWait } from './newsletter';

describe('newsletter checks', () => {
  it('asks anonymous visitors to log in first', () => {
    expect(checkSubscribe({ isAnonymous: true, email: 'a@b.co', code: '123456' })).toBe('newsletter.loginFirst');
    expect(checkGetCode({ isAnonymous: true, email: 'a@b.co' })).toBe('newsletter.loginFirst');
  });

  it('needs both fields, then a plausible e-mail', () => {
    expect(checkSubscribe({ isAnonymous: false, email: '', code: '123456' })).toBe('newsletter.allRequired');
    expect(checkSubscribe({ isAnonymous: false, email: 'a@b.co', code: ' ' })).toBe('newsletter.allRequired');
    expect(checkSubscribe({ isAnonymous: false, email: 'not-an-email', code: '123456' })).toBe('newsletter.emailInvalid');
    expect(checkSubscribe({ isAnonymous: false, email: 'a@b.co', code: '123456' })).toBeNull();
    expect(checkGetCode({ isAnonymous: false, email: '' })).toBe('newsletter.emailRequired');
    expect(checkGetCode({ isAnonymous: false, email: 'a@b' })).toBe('newsletter.emailInvalid');
    expect(checkGetCode({ isAnonymous: false, email: ' a@b.co ' })).toBeNull();
  });

  it('counts the 60 s resend wait from the stored send time', () => {
    const sent = 1_000_000;
    expect(secondsUntilResend(null, sent)).toBe(0);
    expect(secondsUntilResend(sent, sent)).toBe(60);
    expect(secondsUntilResend(sent, sent + 1_500)).toBe(59);
    expect(secondsUntilResend(sent, sent + 59_999)).toBe(1);
    expect(secondsUntilResend(sent, sent + 60_000)).toBe(0);
    expect(secondsUntilResend(sent + 5_000, sent)).toBe(60);
  });

  it('turns the server wait (retryAfter) into a stored send time, at most the usual 60 s', () => {
    const now = 5_000_000;
    expect(secondsUntilResend(sendTimeForWait(25, now), now)).toBe(25);
    expect(secondsUntilResend(sendTimeForWait(0.2, now), now)).toBe(1);
    expect(secondsUntilResend(sendTimeForWait(3600, now), now)).toBe(60);
  });
});
