import type { TLocale } from '@cubeshop/shared';

/**
 * Server-side sentences that reach users (the `desc` of an error), in both languages.
 * Placeholders look like {name}.
 */
export const MESSAGES = {
  badRequest: { zh: '请求参数错误', en: 'Request parameter error' },
  invalidField: { zh: '参数 {field} 无效：{reason}', en: 'Invalid {field}: {reason}' },
  invalidBody: { zh: '请求内容不是有效的 JSON', en: 'The request body is not valid JSON' },
  unauthorized: { zh: '请先登录', en: 'Please log in first' },
  forbidden: { zh: '没有权限访问', en: 'Access denied' },
  notFound: { zh: '请求的资源不存在', en: 'The requested resource does not exist' },
  apiNotFound: { zh: '接口不存在：{method} {path}', en: 'No such API: {method} {path}' },
  tooManyRequests: { zh: '请求过于频繁，请 {seconds} 秒后再试', en: 'Too many requests, please try again in {seconds} s' },
  payloadTooLarge: { zh: '请求内容过大', en: 'The request is too large' },
  unsupportedMediaType: { zh: '不支持的内容类型', en: 'Unsupported content type' },
  internal: { zh: '服务器内部错误，请稍后重试', en: 'Server internal error, please try again later' },
  unavailable: { zh: '服务暂不可用，请稍后重试', en: 'Service unavailable, please try again later' },
} as const satisfies Record<string, Record<TLocale, string>>;

export type MessageKey = keyof typeof MESSAGES;

export function message(key: MessageKey, locale: TLocale, params: Record<string, string | number> = {}): string {
  const template: string = MESSAGES[key][locale];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
