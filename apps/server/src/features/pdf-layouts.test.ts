import { expect, it } from 'vitest';
import { features } from './index.ts';
import { pdfLayouts } from './pdf-layouts.ts';

it("gives the PDF worker every layout the features' manifests declare, and no other", () => {
  const declared = features.flatMap((feature) => feature.pdfLayouts ?? []);
  expect(declared.length).toBeGreaterThan(0);
  expect(new Set(pdfLayouts)).toEqual(new Set(declared));
  expect(new Set(pdfLayouts.map((layout) => layout.kind)).size).toBe(pdfLayouts.length);
});
