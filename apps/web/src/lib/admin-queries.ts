import { LIST_LIMIT_DEFAULT } from '@nexbyte/shared';

/**
 * Every admin query key starts here, apart from the shop's own caches: the admin sees inactive
 * products and private lists that the storefront must never reuse.
 */
export const ADMIN_KEY = ['admin'] as const;

/**
 * The dashboard's going-live checklist: screens whose changes it counts (a failed e-mail sent
 * again, say) ask for it again without knowing the setup feature.
 */
export const SETUP_CHECKLIST_KEY = [...ADMIN_KEY, 'puesta-en-marcha'] as const;

/** The admin works on live data: every screen asks again when it opens, showing the cache meanwhile. */
export const ADMIN_STALE_TIME = 0;

/** Rows per page of every admin table: the API's own default page. */
export const ADMIN_PAGE_SIZE = LIST_LIMIT_DEFAULT;
