// Leaving the shop through a posted form (Webpay's payment form) is a navigation jsdom cannot
// make: the tests record each form the app submits, with its address and fields, instead.
import { vi } from 'vitest';

export interface FormPost {
  action: string;
  method: string;
  fields: Record<string, string>;
}

export function captureFormPosts(): FormPost[] {
  const posts: FormPost[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
    this: HTMLFormElement,
  ) {
    const fields: Record<string, string> = {};
    new FormData(this).forEach((value, name) => (fields[name] = String(value)));
    posts.push({ action: this.action, method: this.method, fields });
  });
  return posts;
}
