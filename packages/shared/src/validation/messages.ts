import type { TLocale } from '../i18n/locale.js';

/**
 * Validation messages of docs/requirements.md, Validation, in both languages. Shared zod rules use the keys as
 * their messages; the web and the server turn a key into a sentence with `validationMessage`.
 */
export const VALIDATION_MESSAGES = {
  'v.required': { zh: '此项为必填项', en: 'This field is required' },
  'v.email': { zh: '邮箱地址无效', en: 'Invalid email address' },
  'v.mobileCn': { zh: '请输入有效的中国大陆手机号（11 位，以 1 开头）', en: 'Enter a valid mainland China mobile number (11 digits starting with 1)' },
  'v.digits': { zh: '只能输入数字', en: 'Digits only' },
  'v.otp': { zh: '请输入 6 位数字验证码', en: 'Enter the 6-digit code' },
  'v.captchaShort': { zh: '验证码太短', en: 'The code is too short' },
  'v.account.min3': { zh: '账号至少 3 个字符', en: 'Account must be at least 3 characters' },
  'v.account.length': { zh: '账号长度为 6-20 个字符', en: 'Account must be 6-20 characters long' },
  'v.account.chars': { zh: '账号只能包含字母、数字和 _ . - @', en: 'Account may contain only letters, digits and _ . - @' },
  'v.password.min': { zh: '密码至少 6 个字符', en: 'Password must be at least 6 characters' },
  'v.password.length': { zh: '密码长度为 6-20 个字符', en: 'Password must be 6-20 characters long' },
  'v.password.kinds': {
    zh: '密码须包含小写字母、大写字母、数字、符号中的至少两种',
    en: 'Password must mix at least two of: lowercase, uppercase, digits, symbols',
  },
  'v.password.mismatch': { zh: '两次输入的密码不一致', en: 'Passwords do not match' },
  'v.phone': { zh: '电话号码无效', en: 'Invalid phone number' },
  'v.minLength': { zh: '至少 {min} 个字符', en: 'At least {min} characters' },
  'v.maxLength': { zh: '最多 {max} 个字符', en: 'At most {max} characters' },
  'v.lengthRange': { zh: '长度为 {min}-{max} 个字符', en: 'Must be {min}-{max} characters long' },
  'v.numberRange': { zh: '数值须在 {min} 到 {max} 之间', en: 'Must be between {min} and {max}' },
  'v.minimum': { zh: '不能小于 {min}', en: 'Must be at least {min}' },
  'v.pattern': { zh: '格式不正确', en: 'Invalid format' },
  'v.number': { zh: '请输入数字', en: 'Enter a number' },
  'v.positive': { zh: '须大于 0', en: 'Must be more than 0' },
  'v.text.control': {
    zh: '含有不允许的字符（如控制字符），请删除后重试',
    en: 'Contains characters that are not allowed (such as control characters); remove them and try again',
  },
  'v.integer': { zh: '请输入整数', en: 'Enter a whole number' },
  'v.money': { zh: '金额最多两位小数', en: 'At most 2 decimals' },
  'v.maxItems': { zh: '条目过多', en: 'Too many entries' },
  'v.slug': {
    zh: '代号只能包含小写字母、数字和 -，且以字母或数字开头',
    en: 'A slug may contain only lower-case letters, digits and -, starting with a letter or digit',
  },
  'v.groupCode': {
    zh: '分组代码只能包含小写字母、数字和 _ -，且以字母或数字开头',
    en: 'A group code may contain only lowercase letters, digits and _ -, starting with a letter or digit',
  },
  'v.typeCode': {
    zh: '款式代码只能包含字母、数字和 _ . -，且以字母或数字开头',
    en: 'A type code may contain only letters, digits and _ . -, starting with a letter or digit',
  },
  'v.typeDuplicate': { zh: '款式代码重复', en: 'This type code is used twice' },
  'v.typeUnknown': { zh: '没有这个款式', en: 'No such type' },
  'v.tierOrder': { zh: '阶梯数量须逐级递增', en: 'Each quantity break must be larger than the one before' },
  'v.tierPrice': { zh: '阶梯单价须低于上一档价格', en: 'Each break’s price must be lower than the price before it' },
  'v.barcode': { zh: '条码只能包含字母、数字和 -', en: 'A barcode may contain only letters, digits and -' },
  'v.depth': { zh: '内容嵌套层级过深', en: 'The content is nested too deeply' },
  'v.code': { zh: '代码只能包含字母、数字和 _ -，且以字母或数字开头', en: 'A code may contain only letters, digits, _ and -, starting with a letter or digit' },
  'v.rangeOrder': { zh: '上限不能小于下限', en: 'The upper value must not be below the lower one' },
  'v.dateRangeMax': { zh: '日期范围最多 366 天', en: 'A date range is at most 366 days' },
  'v.carouselDuplicate': { zh: '同一商品选了两次', en: 'The same product is picked twice' },
  'v.cancelAfterReminder': { zh: '自动取消的天数须大于提醒的天数', en: 'Cancel later than the reminder: more days than the reminder' },
} as const satisfies Record<string, Record<TLocale, string>>;

export type TValidationKey = keyof typeof VALIDATION_MESSAGES;

export function isValidationKey(value: string): value is TValidationKey {
  return Object.prototype.hasOwnProperty.call(VALIDATION_MESSAGES, value);
}

/** A key (optionally with params) as a sentence; unknown keys come back unchanged. */
export function validationMessage(key: string, locale: TLocale, params: Record<string, string | number> = {}): string {
  if (!isValidationKey(key)) return key;
  return VALIDATION_MESSAGES[key][locale].replace(/\{(\w+)\}/g, (w, n: string) => (Object.hasOwn(params, n) ? String(params[n]) : w));
}
