import { createElement } from 'react';
import type { Mail } from '../../mail/mailer';

/** One piece of an e-mail's body, written once and rendered both as HTML and as plain text. */
export type Block =
  | { kind: 'p'; text: string }
  /** Label and value pairs: an order's lines and totals, a request's data. */
  | { kind: 'facts'; rows: readonly (readonly [string, string])[] }
  /** What a visitor wrote, kept as they wrote it. */
  | { kind: 'quote'; text: string }
  /** The one link the reader is meant to follow. */
  | { kind: 'action'; label: string; url: string };

export interface MailContent {
  to: string;
  subject: string;
  /** The first line of the body, shown by mail clients beside the subject. */
  heading: string;
  blocks: readonly Block[];
}

export interface ShopIdentity {
  name: string;
  tagline: string;
  /** The shop's address, for the links of every e-mail. */
  url: string;
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'p':
      return block.text;
    case 'facts':
      return block.rows.map(([label, value]) => `  ${label}: ${value}`).join('\n');
    case 'quote':
      return block.text
        .split(/\r?\n/)
        .map((line) => `> ${line}`)
        .join('\n');
    case 'action':
      return `${block.label}: ${block.url}`;
  }
}

/** The plain-text part: the same blocks, one paragraph each, and the shop's signature. */
export function mailText(content: MailContent, shop: ShopIdentity): string {
  return [
    content.heading,
    ...content.blocks.map(blockText),
    `${shop.name} — ${shop.tagline}\n${shop.url}`,
  ].join('\n\n');
}

/**
 * The e-mail with both parts. The HTML comes from react-email's components (decision 022), which
 * escape every value: names and messages typed by strangers cannot become markup.
 */
export async function renderMail(content: MailContent, shop: ShopIdentity): Promise<Mail> {
  // Loaded with the first e-mail: react-email's components weigh some 40 MB of memory, which a
  // server that has sent nothing yet need not hold.
  const [{ render }, { ShopMailLayout }] = await Promise.all([
    import('@react-email/render'),
    import('./shop-mail-layout'),
  ]);
  const html = await render(createElement(ShopMailLayout, { content, shop }));
  return { to: content.to, subject: content.subject, text: mailText(content, shop), html };
}
