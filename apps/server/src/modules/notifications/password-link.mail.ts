import escapeHtml from 'escape-html';
import type { TLocale, TPasswordLinkPurpose, TStaffRole } from '@cubeshop/shared';

// The mail with a link that sets a password (docs/accounts.md, Staff accounts): an invitation to
// the back office, or a password reset the owner forced. In the person's language, text and HTML.

/** The roles as staff read them (the web's staff namespace, nav.role). */
const ROLE_NAMES: Record<TStaffRole, Record<TLocale, string>> = {
  owner: { zh: '店主', en: 'Owner' },
  sales: { zh: '销售', en: 'Sales' },
  warehouse: { zh: '仓库', en: 'Warehouse' },
  catalog: { zh: '商品管理', en: 'Catalog' },
  service: { zh: '客服', en: 'Customer service' },
};

export interface PasswordLinkMailFacts {
  purpose: TPasswordLinkPurpose;
  /** The person greeted, and the account they sign in with. */
  name: string;
  account: string;
  role: TStaffRole | null;
  /** Who sent the invitation (the owner's name). */
  invitedBy?: string | undefined;
  url: string;
  /** How long the link works. */
  hours: number;
}

export interface PasswordLinkMail {
  subject: string;
  text: string;
  html: string;
}

function lines(f: PasswordLinkMailFacts, locale: TLocale): { subject: string; intro: string[]; action: string; after: string[] } {
  const role = f.role ? ROLE_NAMES[f.role][locale] : undefined;
  if (locale === 'zh') {
    const invite = f.purpose === 'invite';
    return {
      subject: invite ? '【Cubeshop】邀请您加入商城后台' : '【Cubeshop】请设置新密码',
      intro: [
        `${f.name}，您好！`,
        invite
          ? `${f.invitedBy ? `${f.invitedBy} ` : ''}邀请您以「${role ?? '员工'}」身份加入 Cubeshop 商城后台。您的登录账号是：${f.account}`
          : `店主已重置您的 Cubeshop 账号（${f.account}）的密码，原密码已失效，所有登录已退出。`,
        '请打开下面的链接设置密码：',
      ],
      action: f.url,
      after: [
        `链接 ${f.hours} 小时内有效，仅可使用一次；之后再发送的链接会使本链接失效。`,
        invite ? '设置密码后即可用账号和密码登录，进入后台工作。' : '设置新密码后即可重新登录。',
        '如果您不认识发件人，请忽略此邮件。',
      ],
    };
  }
  const invite = f.purpose === 'invite';
  return {
    subject: invite ? 'You are invited to the Cubeshop back office' : 'Set a new password for Cubeshop',
    intro: [
      `Hello ${f.name},`,
      invite
        ? `${f.invitedBy ?? 'The shop owner'} invited you to the Cubeshop back office as ${role ?? 'staff'}. Your account is: ${f.account}`
        : `The shop owner reset the password of your Cubeshop account (${f.account}): the old password no longer works and you were signed out everywhere.`,
      'Open this link to set your password:',
    ],
    action: f.url,
    after: [
      `The link works for ${f.hours} hours and only once; a link sent later replaces it.`,
      invite ? 'Then sign in with your account and password to start work.' : 'Then sign in again with the new password.',
      'If you do not know the sender, you can ignore this e-mail.',
    ],
  };
}

/** The password link mail in the person's language; nothing in it is typed by them but their name. */
export function passwordLinkMail(f: PasswordLinkMailFacts, locale: TLocale): PasswordLinkMail {
  const l = lines(f, locale);
  const signature = locale === 'zh' ? '—— Cubeshop 魔方商城' : '— Cubeshop';
  const button =
    locale === 'zh' ? (f.purpose === 'invite' ? '设置密码并登录' : '设置新密码') : f.purpose === 'invite' ? 'Set my password' : 'Set a new password';
  const text = `${[...l.intro, l.action, ...l.after].join('\n\n')}\n\n${signature}\n`;
  const p = (line: string) => `<p style="margin:0 0 16px">${escapeHtml(line)}</p>`;
  const html = `<!doctype html>
<html lang="${locale === 'zh' ? 'zh-CN' : 'en'}">
<head><meta charset="utf-8"><title>${escapeHtml(l.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f5f5f5;font-family:-apple-system,'Segoe UI','PingFang SC','Microsoft YaHei',sans-serif;font-size:15px;line-height:1.6;color:#333">
<div style="max-width:520px;margin:0 auto;padding:24px;background:#fff;border-radius:8px">
${l.intro.map(p).join('\n')}
<p style="margin:0 0 16px"><a href="${escapeHtml(f.url)}" style="display:inline-block;padding:10px 18px;background:#b91c1c;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(button)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#666;word-break:break-all">${escapeHtml(f.url)}</p>
${l.after.map(p).join('\n')}
<p style="margin:24px 0 0;color:#888">${escapeHtml(signature)}</p>
</div>
</body>
</html>
`;
  return { subject: l.subject, text, html };
}
