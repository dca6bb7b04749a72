/** The ids of the JSON scripts the server render writes beside #root and main.tsx reads back. */
export const SSR_ROUTER_ID = 'nexbyte-router';
export const SSR_QUERIES_ID = 'nexbyte-queries';
/** The code of the app and of the screens shown, which main.tsx asks for after the first paint. */
export const SSR_MODULES_ID = 'nexbyte-modules';
