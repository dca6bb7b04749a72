import { Navigate, useParams } from 'react-router';
import { DocumentTitle } from '../../components/ui/document-title';
import { BlogArticle } from '../../features/blog/components/blog-article';
import { adjacentPosts, BLOG_POSTS, findPost } from '../../features/blog/posts';

export default function BlogPostRoute() {
  const { id } = useParams();
  const post = findPost(id);
  if (!post) return <Navigate to="/blogs" replace />;
  const { previous, next } = adjacentPosts(BLOG_POSTS, post.id);
  return (
    <div className="container page">
      <DocumentTitle>{post.title}</DocumentTitle>
      <BlogArticle post={post} previous={previous} next={next} />
    </div>
  );
}
