import { NEWSLETTER_DAY, NEWSLETTER_NAME, SITE_NAME } from '../../lib/constants';
import { escapeHtml } from './email';

/**
 * The double opt-in message: one button to the confirm page. Plain on purpose (no artwork, no
 * tracking): it must read well in any client and look like what it is.
 */
export function confirmationEmail(confirmUrl: string): { subject: string; html: string; text: string } {
  const subject = `Confirm your ${NEWSLETTER_NAME} subscription`;
  const link = escapeHtml(confirmUrl);
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px 12px;background:#f7f1e8;font-family:'Helvetica Neue',Helvetica,Arial,sans-serif;color:#2b2118">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:520px;margin:0 auto;background:#fdfaf5;border:1px solid #ede3d3;border-radius:12px">
<tr><td style="padding:28px 24px">
<h1 style="margin:0 0 12px;font-family:Georgia,'Times New Roman',serif;font-size:24px">One click to confirm</h1>
<p style="margin:0 0 20px;font-size:16px;line-height:1.5">Someone, hopefully you, asked to get ${escapeHtml(NEWSLETTER_NAME)} from the ${escapeHtml(SITE_NAME)} every ${NEWSLETTER_DAY}. Confirm this address to start getting it.</p>
<p style="margin:0 0 24px"><a href="${link}" style="display:inline-block;background:#a8461f;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">Confirm my subscription</a></p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#6b5b4d">If you didn't ask for this, ignore this email: you won't hear from us again.<br>Button not working? Open ${link}</p>
</td></tr></table>
</body></html>`;
  const text = [
    `${NEWSLETTER_NAME}: one click to confirm`,
    '',
    `Someone, hopefully you, asked to get ${NEWSLETTER_NAME} from the ${SITE_NAME} every ${NEWSLETTER_DAY}.`,
    'Confirm this address to start getting it:',
    '',
    confirmUrl,
    '',
    "If you didn't ask for this, ignore this email: you won't hear from us again.",
  ].join('\n');
  return { subject, html, text };
}
