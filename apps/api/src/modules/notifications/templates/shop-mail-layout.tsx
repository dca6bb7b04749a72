// The JSX runtime is named here, not only in apps/api/tsconfig.json: the server is started from the
// repository's root, where tsx finds no tsconfig and would compile JSX to a bare React.createElement.
/** @jsxRuntime automatic */
/** @jsxImportSource react */
// One package per component: the '@react-email/components' bundle also loads Tailwind's compiler,
// Prism and a Markdown parser, megabytes the server would hold without using.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { Block, MailContent, ShopIdentity } from './mail-content';

// Inline styles: most mail clients ignore <style> blocks and external sheets.
const page = { backgroundColor: '#f4f5f7', fontFamily: 'Arial, Helvetica, sans-serif' };
const card = { backgroundColor: '#ffffff', maxWidth: '560px', padding: '24px', margin: '0 auto' };
const brand = { color: '#0b5cad', fontSize: '20px', fontWeight: 700, textDecoration: 'none' };
const text = { color: '#1f2933', fontSize: '15px', lineHeight: '22px' };
const label = { ...text, color: '#52606d', padding: '2px 12px 2px 0', verticalAlign: 'top' };
const quote = {
  ...text,
  borderLeft: '4px solid #cbd2d9',
  paddingLeft: '12px',
  whiteSpace: 'pre-wrap' as const,
};
const button = {
  backgroundColor: '#0b5cad',
  borderRadius: '6px',
  color: '#ffffff',
  fontSize: '15px',
  fontWeight: 700,
  padding: '12px 20px',
  textDecoration: 'none',
};
const footer = { ...text, color: '#52606d', fontSize: '13px' };

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'p':
      return <Text style={text}>{block.text}</Text>;
    case 'facts':
      return (
        <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '8px 0' }}>
          <tbody>
            {block.rows.map(([name, value], i) => (
              <tr key={i}>
                <td style={label}>{name}</td>
                <td style={text}>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'quote':
      return <Text style={quote}>{block.text}</Text>;
    case 'action':
      return (
        <Section style={{ margin: '16px 0' }}>
          <Button href={block.url} style={button}>
            {block.label}
          </Button>
        </Section>
      );
  }
}

/** Every e-mail of the shop: its name on top, the content, and its address at the foot. */
export function ShopMailLayout({ content, shop }: { content: MailContent; shop: ShopIdentity }) {
  return (
    <Html lang="es">
      <Head />
      <Preview>{content.heading}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Link href={shop.url} style={brand}>
            {shop.name}
          </Link>
          <Heading as="h1" style={{ ...text, fontSize: '20px', lineHeight: '28px' }}>
            {content.heading}
          </Heading>
          {content.blocks.map((block, i) => (
            <BlockView key={i} block={block} />
          ))}
          <Hr />
          <Text style={footer}>
            {shop.name} — {shop.tagline} ·{' '}
            <Link href={shop.url} style={{ color: '#0b5cad' }}>
              {shop.url.replace(/^https?:\/\//, '')}
            </Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
