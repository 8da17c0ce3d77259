import { html } from '../html';
import { documentPage, type View } from './layout';

/** A page for what went wrong outside a form's fields: a refused form, too many requests, a failure. */
export function problemPage(
  view: Pick<View, 'assets'>,
  input: { title: string; heading: string; message: string; link: { href: string; label: string } },
): string {
  return documentPage({
    title: input.title,
    assets: view.assets,
    body: html`<h1>${input.heading}</h1>
<div class="alert" role="alert">${input.message}</div>
<a class="button" href="${input.link.href}">${input.link.label}</a>`,
  });
}
