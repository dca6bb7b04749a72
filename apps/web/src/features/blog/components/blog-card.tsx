import { formatDate } from '@nexbyte/shared';
import { Link } from 'react-router';
import type { BlogPost } from '../posts';
import '../blog.css';

export function BlogCard({ post }: { post: BlogPost }) {
  return (
    <article className="blog-card">
      {/* The title says what the picture shows, so the picture is decoration here. */}
      <img
        className="blog-card__image"
        src={post.image}
        alt=""
        width={800}
        height={450}
        loading="lazy"
      />
      <div className="blog-card__body">
        <p className="blog-tag">{post.category}</p>
        <h2 className="blog-card__title">
          <Link to={`/blog/${post.id}`}>{post.title}</Link>
        </h2>
        <p className="blog-meta">
          Por {post.author} · <time dateTime={post.date}>{formatDate(post.date)}</time>
        </p>
        <p className="blog-card__summary">{post.summary}</p>
      </div>
    </article>
  );
}
