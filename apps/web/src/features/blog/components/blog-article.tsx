import { formatDate } from '@nexbyte/shared';
import { Link } from 'react-router';
import { postBody, type BlogBlock } from '../post-bodies';
import type { BlogPost } from '../posts';
import '../blog.css';

/** One post, with links to the posts before and after it in the list. */
export function BlogArticle({
  post,
  previous,
  next,
}: {
  post: BlogPost;
  previous?: BlogPost | undefined;
  next?: BlogPost | undefined;
}) {
  return (
    <>
      <p className="blog-back">
        <Link to="/blogs">
          <span aria-hidden="true">← </span>Volver al blog
        </Link>
      </p>
      <article className="blog-article">
        <header className="blog-article__header">
          <p className="blog-tag">{post.category}</p>
          <h1>{post.title}</h1>
          <p className="blog-meta">
            Por {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time>
          </p>
        </header>
        <img
          className="blog-article__image"
          src={post.image}
          alt={post.imageAlt}
          width={800}
          height={450}
        />
        <div className="blog-article__body">
          {postBody(post.id).map((block, index) => (
            <Block key={index} block={block} />
          ))}
        </div>
        <aside className="blog-article__help" aria-label="Servicio técnico">
          <p>
            ¿Prefieres que un técnico revise tu equipo?{' '}
            <Link to="/soporte">Solicita una cotización en Soporte</Link>.
          </p>
        </aside>
      </article>
      {(previous || next) && (
        <nav className="blog-adjacent" aria-label="Otros artículos">
          {previous && (
            <Link className="blog-adjacent__link" to={`/blog/${previous.id}`} rel="prev">
              <span className="blog-adjacent__label">Artículo anterior</span>{' '}
              <span className="blog-adjacent__title">{previous.title}</span>
            </Link>
          )}
          {next && (
            <Link
              className="blog-adjacent__link blog-adjacent__link--next"
              to={`/blog/${next.id}`}
              rel="next"
            >
              <span className="blog-adjacent__label">Artículo siguiente</span>{' '}
              <span className="blog-adjacent__title">{next.title}</span>
            </Link>
          )}
        </nav>
      )}
    </>
  );
}

function Block({ block }: { block: BlogBlock }) {
  switch (block.type) {
    case 'h2':
      return <h2>{block.text}</h2>;
    case 'p':
      return <p>{block.text}</p>;
    case 'ul':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'ol':
      return (
        <ol>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ol>
      );
  }
}
