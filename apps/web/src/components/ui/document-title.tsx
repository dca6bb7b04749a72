/** Sets the tab title while the screen is shown; React 19 moves <title> into <head>. */
export function DocumentTitle({ children }: { children: string }) {
  return <title>{`${children} | Nexbyte`}</title>;
}
