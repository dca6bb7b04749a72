/** The ids of the JSON scripts the server render writes beside #root and main.tsx reads back. */
export const SSR_ROUTER_ID = 'nexbyte-router';
export const SSR_QUERIES_ID = 'nexbyte-queries';
