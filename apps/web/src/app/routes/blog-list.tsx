import { BlogList } from '../../features/blog/components/blog-list';
import { BLOG_POSTS } from '../../features/blog/posts';

export default function BlogListRoute() {
  return (
    <div className="container page">
      <h1>Blog</h1>
      <p className="blog-lead">
        Guías, consejos de mantención y novedades de Nexbyte, escritos por nuestro equipo de tienda
        y servicio técnico.
      </p>
      <BlogList posts={BLOG_POSTS} />
    </div>
  );
}
