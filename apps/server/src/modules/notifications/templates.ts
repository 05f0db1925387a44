import { OTP_TTL_SECONDS, type TLocale, type TOtpPurpose } from '@cubeshop/shared';

/** What a code is for, as the buyer reads it. */
const PURPOSE: Record<TOtpPurpose, Record<TLocale, { subject: string; action: string }>> = {
  signup: {
    zh: { subject: '注册验证码', action: '注册 Cubeshop 账号' },
    en: { subject: 'Your Cubeshop sign-up code', action: 'create your Cubeshop account' },
  },
  signin: {
    zh: { subject: '登录验证码', action: '登录 Cubeshop' },
    en: { subject: 'Your Cubeshop sign-in code', action: 'sign in to Cubeshop' },
  },
  reset: {
    zh: { subject: '重置密码验证码', action: '重置 Cubeshop 账号密码' },
    en: { subject: 'Your Cubeshop password reset code', action: 'reset your Cubeshop password' },
  },
  subscribe: {
    zh: { subject: '订阅确认验证码', action: '订阅 Cubeshop 新品与优惠邮件' },
    en: { subject: 'Confirm your Cubeshop newsletter subscription', action: 'subscribe to the Cubeshop newsletter' },
  },
};

const MINUTES = Math.round(OTP_TTL_SECONDS / 60);

export interface CodeMail {
  subject: string;
  text: string;
  html: string;
}

/** The code e-mail in the buyer's language, as plain text and HTML. Nothing in it comes from user input but the code. */
export function codeMail(purpose: TOtpPurpose, code: string, locale: TLocale): CodeMail {
  const p = PURPOSE[purpose][locale];
  if (locale === 'zh') {
    const lines = [
      '您好！',
      `您正在${p.action}，验证码为：${code}`,
      `验证码 ${MINUTES} 分钟内有效，仅可使用一次。请勿将验证码告诉任何人，Cubeshop 工作人员不会向您索取验证码。`,
      '如果这不是您本人的操作，请忽略此邮件。',
    ];
    return {
      subject: `【Cubeshop】${p.subject}：${code}`,
      text: `${lines.join('\n\n')}\n\n—— Cubeshop 魔方商城\n`,
      html: layout('zh', p.subject, lines, code, 'Cubeshop 魔方商城'),
    };
  }
  const lines = [
    'Hello,',
    `Here is your code to ${p.action}: ${code}`,
    `It is valid for ${MINUTES} minutes and works once. Never share it with anyone; Cubeshop staff will never ask for it.`,
    'If you did not ask for this code, you can ignore this e-mail.',
  ];
  return {
    subject: `${p.subject}: ${code}`,
    text: `${lines.join('\n\n')}\n\n— Cubeshop\n`,
    html: layout('en', p.subject, lines, code, 'Cubeshop'),
  };
}

/** The code text message (SMS) in the buyer's language. */
export function codeSms(purpose: TOtpPurpose, code: string, locale: TLocale): string {
  const p = PURPOSE[purpose][locale];
  return locale === 'zh'
    ? `【Cubeshop】您正在${p.action}，验证码 ${code}，${MINUTES} 分钟内有效。如非本人操作，请忽略。`
    : `[Cubeshop] Your code to ${p.action} is ${code}, valid for ${MINUTES} minutes. Ignore this if it was not you.`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function layout(lang: TLocale, title: string, lines: string[], code: string, signature: string): string {
  const paragraphs = lines
    .map((line) =>
      line.includes(code)
        ? `<p style="margin:0 0 16px">${escapeHtml(line.slice(0, line.indexOf(code)))}</p>` +
          `<p style="margin:0 0 16px;font-size:28px;font-weight:bold;letter-spacing:6px;color:#111">${escapeHtml(code)}</p>`
        : `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:-apple-system,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;font-size:15px;line-height:1.6;color:#333">
<div style="max-width:520px;margin:0 auto;padding:24px;background:#fff;border-radius:8px">
<h1 style="margin:0 0 16px;font-size:18px">${escapeHtml(title)}</h1>
${paragraphs}
<p style="margin:24px 0 0;color:#888">${escapeHtml(signature)}</p>
</div>
</body>
</html>
`;
}
