/** What the products module tells the sitemap: which product pages exist and when they changed. */
export {
  publishedStretches,
  listPublishedProducts,
  type PublishedProduct,
} from './products.repository';
