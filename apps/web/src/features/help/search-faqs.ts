import type { Faq, FaqCategory } from './faqs';
import { normalizeText } from '../../lib/normalize-text';

/** Questions of the category (all when null) that contain every word of the query. */
export function searchFaqs(
  faqs: readonly Faq[],
  { category, query }: { category: FaqCategory | null; query: string },
): Faq[] {
  const words = normalizeText(query).split(/\s+/).filter(Boolean);
  return faqs.filter((faq) => {
    if (category && faq.category !== category) return false;
    const text = normalizeText([faq.question, ...faq.answer, faq.category].join(' '));
    return words.every((word) => text.includes(word));
  });
}
