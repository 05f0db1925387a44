import { describe, expect, it } from 'vitest';
import { validationMessage } from '../validation/messages.js';
import { ZAccountName, ZEmail, ZMobileCn, ZOtp, ZPassword, ZPhone } from './rules.js';

const firstError = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, value: unknown) =>
  schema.safeParse(value).error?.issues[0]?.message;

describe('validation rules of docs/requirements.md, Validation', () => {
  it('account: 6-20 characters of letters, digits and _ . - @', () => {
    expect(firstError(ZAccountName, 'ab')).toBe('v.account.min3');
    expect(firstError(ZAccountName, 'abcd')).toBe('v.account.length');
    expect(firstError(ZAccountName, 'a'.repeat(21))).toBe('v.account.length');
    expect(firstError(ZAccountName, 'bad name!')).toBe('v.account.chars');
    expect(firstError(ZAccountName, '')).toBe('v.required');
    expect(ZAccountName.safeParse('li.wei_88@x-y').success).toBe(true);
  });

  it('password: 6-20 characters with at least two kinds', () => {
    expect(firstError(ZPassword, 'Ab1')).toBe('v.password.min');
    expect(firstError(ZPassword, 'Abcdef1'.repeat(3))).toBe('v.password.length');
    expect(firstError(ZPassword, 'abcdefgh')).toBe('v.password.kinds');
    expect(firstError(ZPassword, '12345678')).toBe('v.password.kinds');
    expect(ZPassword.safeParse('abcdef1').success).toBe(true);
    expect(ZPassword.safeParse('abc-def').success).toBe(true);
  });

  it('mainland mobile: starts with 1, second digit 3-9, 11 digits', () => {
    expect(ZMobileCn.safeParse('13812345678').success).toBe(true);
    expect(firstError(ZMobileCn, '12812345678')).toBe('v.mobileCn');
    expect(firstError(ZMobileCn, '1381234567')).toBe('v.mobileCn');
    expect(firstError(ZMobileCn, '138123456789')).toBe('v.mobileCn');
  });

  it('e-mail, one-time code and phone', () => {
    expect(firstError(ZEmail, 'not-an-email')).toBe('v.email');
    expect(ZEmail.safeParse(' buyer@example.com ').data).toBe('buyer@example.com');
    expect(firstError(ZOtp, '12a456')).toBe('v.digits');
    expect(firstError(ZOtp, '12345')).toBe('v.otp');
    expect(ZOtp.safeParse('012345').success).toBe(true);
    expect(ZPhone.safeParse('+86 (755) 8888-6688').success).toBe(true);
    expect(firstError(ZPhone, '555-CALL')).toBe('v.phone');
  });

  it('every message exists in both languages, with the wording of docs/requirements.md, Validation in English', () => {
    expect(validationMessage('v.password.min', 'en')).toBe('Password must be at least 6 characters');
    expect(validationMessage('v.password.length', 'en')).toBe('Password must be 6-20 characters long');
    expect(validationMessage('v.password.mismatch', 'en')).toBe('Passwords do not match');
    expect(validationMessage('v.email', 'en')).toBe('Invalid email address');
    expect(validationMessage('v.minLength', 'zh', { min: 2 })).toBe('至少 2 个字符');
  });
});
