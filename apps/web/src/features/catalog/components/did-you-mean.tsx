import { Link, useSearchParams } from 'react-router';
import { useSuggestions } from '../api/get-suggestions';

interface DidYouMeanProps {
  /** The search that found nothing. */
  q: string;
  /** Called as the shopper follows the proposed term. */
  onFollow?: () => void;
}

/**
 * '¿Quisiste decir …?' under an empty result: the close catalogue term the API proposes for a
 * search that found nothing, as a link to the list searching that term (other filters kept).
 * Nothing shows while it loads or when there is no such term; the empty state stays as it is.
 */
export function DidYouMean({ q, onFollow }: DidYouMeanProps) {
  const [params] = useSearchParams();
  const { data } = useSuggestions(q);
  const term = data?.quisisteDecir;
  if (!term) return null;

  const next = new URLSearchParams(params);
  next.set('q', term);
  return (
    <p className="catalog-did-you-mean">
      ¿Quisiste decir{' '}
      <Link to={{ search: `?${next}` }} onClick={onFollow}>
        {term}
      </Link>
      ?
    </p>
  );
}
