import { appLayers } from './app-layers.ts';
import { checkLayers } from './boundaries.ts';

/** `npm run lint`'s layer check (ADR 0027): prints each violation and fails; silent when all is in order. */
const violations = appLayers.flatMap((layers) =>
  checkLayers(layers).map((violation) => `${layers.name}: ${violation.message}`),
);
for (const violation of violations) console.error(violation);
if (violations.length > 0) {
  console.error(`\n${violations.length} layer violation(s): see docs/CODE_STYLE.md, Layers.`);
  process.exit(1);
}
