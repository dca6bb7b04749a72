/** Saves a file the API answered through a temporary link, as the browser's own download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start reading the file only after this task: free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
