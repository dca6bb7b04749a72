import { pluralize } from '@nexbyte/shared';
import { useRef } from 'react';
import { ChipGroup, type ChipOption } from '../../../components/ui/chip-group';
import { SearchField } from '../../../components/ui/search-field';
import { BLOG_CATEGORIES, type BlogCategory, type BlogPost } from '../posts';
import { paginate, searchPosts } from '../search-posts';
import { useBlogFilters } from '../use-blog-filters';
import { BlogCard } from './blog-card';
import '../blog.css';

/** The blog's posts with category chips, a search box and pages (docs/product.md#blog). */
export function BlogList({ posts }: { posts: readonly BlogPost[] }) {
  const filters = useBlogFilters();
  const results = searchPosts(posts, filters);
  const { items, page, pageCount } = paginate(results, filters.page);
  const countRef = useRef<HTMLParagraphElement>(null);

  const goToPage = (next: number) => {
    filters.setPage(next);
    // The new page starts above the pager: bring the reader (and the focus) back to its top.
    countRef.current?.focus();
  };

  return (
    <>
      <BlogFilters
        category={filters.category}
        query={filters.query}
        onCategory={filters.setCategory}
        onQuery={filters.typeQuery}
      />
      <p className="blog-count" ref={countRef} tabIndex={-1} role="status">
        {pluralize(results.length, 'artículo', 'artículos')}
      </p>
      {items.length > 0 ? (
        <ul className="blog-grid">
          {items.map((post) => (
            <li key={post.id}>
              <BlogCard post={post} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="blog-empty">
          <p>No encontramos artículos con esos criterios.</p>
          <div className="actions">
            {filters.query.trim() && (
              <button type="button" className="button button--small" onClick={filters.clearQuery}>
                Limpiar búsqueda
              </button>
            )}
            {filters.category && (
              <button
                type="button"
                className="button button--small"
                onClick={() => filters.setCategory(null)}
              >
                Ver todas las categorías
              </button>
            )}
          </div>
        </div>
      )}
      {pageCount > 1 && <Pager page={page} pageCount={pageCount} onPage={goToPage} />}
    </>
  );
}

function BlogFilters({
  category,
  query,
  onCategory,
  onQuery,
}: {
  category: BlogCategory | null;
  query: string;
  onCategory: (category: BlogCategory | null) => void;
  onQuery: (query: string) => void;
}) {
  const chips: ChipOption<BlogCategory | null>[] = [
    { label: 'Todos', value: null },
    ...BLOG_CATEGORIES.map((value) => ({ label: value, value })),
  ];
  return (
    <div className="blog-filters">
      <ChipGroup label="Categorías" options={chips} value={category} onChange={onCategory} />
      <SearchField
        className="blog-search"
        label="Buscar artículos"
        value={query}
        placeholder="Título, autor o tema"
        onChange={onQuery}
      />
    </div>
  );
}

function Pager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  // aria-disabled instead of disabled keeps the focus on the button at either end.
  const isFirst = page <= 1;
  const isLast = page >= pageCount;
  return (
    <nav className="pager" aria-label="Páginas del blog">
      <button
        type="button"
        className="button button--small"
        aria-disabled={isFirst}
        onClick={() => !isFirst && onPage(page - 1)}
      >
        Anterior
      </button>
      <p className="pager__status">
        Página {page} de {pageCount}
      </p>
      <button
        type="button"
        className="button button--small"
        aria-disabled={isLast}
        onClick={() => !isLast && onPage(page + 1)}
      >
        Siguiente
      </button>
    </nav>
  );
}
