/** The parts of a rendered message: its subject, its plain-text and its HTML body. */
export type RenderedMessage = { subject: string; text: string; html: string };

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => htmlEscapes[character]!);
}

export type MessageLayout = {
  subject: string;
  /** Who sends it: the club's name (or the product's, to staff). */
  sender: string;
  /** The club's logo, an absolute URL. */
  logoUrl?: string | null;
  greeting: string;
  /** Paragraphs of plain text. */
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Paragraphs after the button (e.g. when the link expires). */
  after?: string[];
};

/**
 * One look for every message: the club's name (and logo), the paragraphs, one button, and the
 * same words as plain text for mail clients that show no HTML. Every value is escaped.
 */
export function renderMessage(layout: MessageLayout): RenderedMessage {
  const after = layout.after ?? [];
  const text = [
    layout.greeting,
    '',
    ...layout.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(layout.action ? [`${layout.action.label}: ${layout.action.url}`, ''] : []),
    ...after.flatMap((paragraph) => [paragraph, '']),
    `— ${layout.sender}`,
  ].join('\n');
  const paragraph = (value: string) =>
    `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(value)}</p>`;
  const logo = layout.logoUrl
    ? `<img src="${escapeHtml(layout.logoUrl)}" alt="" width="48" height="48" style="border-radius:8px;vertical-align:middle;margin-right:12px">`
    : '';
  const button = layout.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(layout.action.url)}" style="background:#0f766e;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(layout.action.label)}</a></p><p style="margin:0 0 16px;font-size:13px;color:#475569;word-break:break-all">${escapeHtml(layout.action.url)}</p>`
    : '';
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(layout.subject)}</title></head><body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a"><div style="max-width:560px;margin:0 auto;padding:24px"><div style="background:#ffffff;border-radius:12px;padding:24px"><p style="margin:0 0 24px;font-size:18px;font-weight:700">${logo}${escapeHtml(layout.sender)}</p>${paragraph(layout.greeting)}${layout.paragraphs.map(paragraph).join('')}${button}${after.map(paragraph).join('')}</div></div></body></html>`;
  return { subject: layout.subject, text, html };
}
