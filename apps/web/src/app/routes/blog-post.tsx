import { Navigate, useParams } from 'react-router';
import { BlogArticle } from '../../features/blog/components/blog-article';
import { adjacentPosts, BLOG_POSTS, findPost } from '../../features/blog/posts';
import { useHydrated } from '../../lib/use-hydrated';
import type { Prefetch } from '../prefetch';
import NotFoundRoute from './not-found';

// An unknown post is a 404 for search engines; the page itself leads to the list (SPEC).
export const prefetch: Prefetch = async ({ params }) =>
  findPost(params.id) ? undefined : { status: 404 };

export default function BlogPostRoute() {
  const { id } = useParams();
  const post = findPost(id);
  // The server (and the hydration after it) shows the 404 page its status names; then the
  // browser leads to the list.
  const hydrated = useHydrated();
  if (!post) return hydrated ? <Navigate to="/blogs" replace /> : <NotFoundRoute />;
  const { previous, next } = adjacentPosts(BLOG_POSTS, post.id);
  return (
    <div className="container page">
      <BlogArticle post={post} previous={previous} next={next} />
    </div>
  );
}
