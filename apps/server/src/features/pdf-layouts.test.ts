import { expect, it } from 'vitest';
import { features } from './index.ts';
import { pdfLayouts } from './pdf-layouts.ts';

it("gives the PDF worker every layout the features' manifests declare, and no other", () => {
  const declared = features.flatMap((feature) => feature.pdfLayouts ?? []);
  expect(declared.length).toBeGreaterThan(0);
  expect(new Set(pdfLayouts)).toEqual(new Set(declared));
  expect(new Set(pdfLayouts.map((layout) => layout.kind)).size).toBe(pdfLayouts.length);
});

it("draws each layout's sample with a Latin name and with names in other scripts, pictures embedded (ADR 0103)", async () => {
  const sampled = pdfLayouts.filter((layout) => layout.drawSample);
  expect(sampled.map((layout) => layout.kind)).toEqual(['certificate', 'swms', 'site-board']);
  for (const name of ['Sample', 'شركة 防水 방수 जलरोधक Công ty 🧱']) {
    for (const layout of sampled) {
      const pdf = (await layout.drawSample?.(name)) as Buffer;
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // Image streams stay outside the object streams, so their dictionaries read as text.
      expect(pdf.includes('/Subtype /Image')).toBe(layout.kind !== 'site-board');
    }
  }
});
