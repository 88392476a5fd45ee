import type { KeyboardEvent } from 'react';

/**
 * Enter in a field never submits its form: in a date picker it confirms the typed day,
 * elsewhere it does nothing — a form is sent by its button only, with what the user chose. The
 * native default of Enter in an input is the implicit submission of the enclosing <form>; the
 * widgets' own key handlers still run. Put on the form (or the box around an engine form).
 */
export function noEnterSubmit(e: KeyboardEvent<HTMLElement>) {
  const t = e.target as HTMLElement;
  if (e.key === 'Enter' && t.tagName === 'INPUT') e.preventDefault();
}
