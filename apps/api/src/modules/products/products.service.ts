/**
 * What the products module offers the others beyond stock (inventory.ts) and the sitemap
 * (published.ts): the CSV import's reads and writes by SKU, the export's pages, and existence
 * checks. Only this module reads or writes `productos` (decision 011).
 */
export {
  hasProducts,
  productExists,
  productIdByName,
  productPageForExport,
  productsBySku,
  saveProductsBySku,
  type ProductWrite,
  type StoredProduct,
} from './bulk.repository';
export { SKU_RESERVED, skuReservedFor } from './sku';
export { medidasOf, medidasRow, parcelFactsByIds } from './products.repository';
export { forShoppers } from './offer-view';
