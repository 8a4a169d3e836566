import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster.tsx';
import { ToastStore } from './toast-store.ts';

// No DOM in the unit project: the markup is checked as a string.
describe('Toaster', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** The inner HTML of the element that opens with `openingTag`, assuming no nested <div> inside. */
  const regionContent = (markup: string, openingTag: string) => {
    const start = markup.indexOf(openingTag);
    expect(start).toBeGreaterThanOrEqual(0);
    return markup.slice(start + openingTag.length, markup.indexOf('</div>', start));
  };
  const alertTag =
    '<div role="alert" aria-live="assertive" aria-atomic="false" class="flex flex-col gap-2 not-empty:pb-2">';
  const statusTag = '<div role="status" aria-live="polite" aria-atomic="false" class="flex flex-col gap-2">';

  it('renders both live regions, empty, before any toast is raised', () => {
    const markup = renderToStaticMarkup(<Toaster store={new ToastStore()} />);

    expect(regionContent(markup, alertTag)).toBe('');
    expect(regionContent(markup, statusTag)).toBe('');
  });

  it('puts destructive toasts in the assertive region and others in the polite one', () => {
    const store = new ToastStore();
    store.push({ title: 'Draft saved', description: 'Kept on this device' });
    store.push({ title: 'Database error', variant: 'destructive' }); // shown once the queue releases
    vi.advanceTimersByTime(1500);

    const markup = renderToStaticMarkup(<Toaster store={store} />);
    const statusStart = markup.indexOf(statusTag);
    expect(markup.slice(markup.indexOf(alertTag), statusStart)).toContain('Database error');
    expect(markup.slice(statusStart)).toContain('Draft saved');
    expect(markup.slice(statusStart)).toContain('Kept on this device');
    expect(markup.slice(statusStart)).not.toContain('Database error');
  });

  it('gives every toast a dismiss button named "Dismiss notification", plus its action button', () => {
    const store = new ToastStore();
    store.push({ title: 'Certificate saved', action: { label: 'View', onClick: () => {} } });

    const markup = renderToStaticMarkup(<Toaster store={store} />);
    expect(markup.match(/aria-label="Dismiss notification"/g)).toHaveLength(1);
    expect(markup).toMatch(/<button type="button" class="[^"]*">View<\/button>/);
  });

  it('pins the stack to the top of the viewport and only lets toasts take pointer events', () => {
    const store = new ToastStore();
    store.push({ title: 'Draft saved' });

    const markup = renderToStaticMarkup(<Toaster store={store} />);
    expect(markup).toMatch(
      /^<section aria-label="Notifications" class="pointer-events-none fixed [^"]*top-4[^"]*sm:max-w-sm/,
    );
    expect(markup).toContain('pointer-events-auto');
  });
});
