import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The layers of one app's source tree (ADR 0027). Every path is relative to `root`:
 * - each folder under `features` imports no other feature;
 * - the `shared` folders (e.g. platform, lib, components) import no feature;
 * - each `[from, to]` pair of `forbidden` is an import that must not happen (e.g. lib → components);
 * - inside the `ordered` folder, each area (a folder or file right under it) imports only areas of a
 *   lower tier, and every area has a tier: no import runs back up;
 * - and no file imports itself through a loop of imports (a cycle), type imports included.
 */
export type AppLayers = {
  name: string;
  root: string;
  features: string;
  shared: string[];
  forbidden: Array<[from: string, to: string]>;
  /** A shared folder whose areas stand in tiers, listed from the ground up. */
  ordered?: { folder: string; tiers: string[][] };
};

export type Violation = { rule: 'feature' | 'shared' | 'forbidden' | 'order' | 'cycle'; message: string };

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;
/** Static imports and re-exports (Biome-formatted code: one statement each, ending with `;`). */
const STATIC = /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{][^;]*?\s+from\s+)?['"]([^'"]+)['"]/gm;
const DYNAMIC = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const full = path.join(directory, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names, if it is one of ours. */
function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.resolve(path.dirname(from), specifier);
  const candidates = [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Every file under `root` with the files of the tree it imports. */
export function importGraph(root: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(path.resolve(root))) {
    const text = readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(STATIC), ...text.matchAll(DYNAMIC)].map((match) => match[1] ?? '');
    const targets = specifiers.flatMap((specifier) => resolve(file, specifier) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The loops of the graph (strongly connected components of two or more files, or a file importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's algorithm, iterative so a deep tree cannot overflow the stack.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; next: number }> = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; next: number };
      const targets = graph.get(frame.node) ?? [];
      if (frame.next < targets.length) {
        const target = targets[frame.next++] as string;
        if (!index.has(target)) {
          index.set(target, counter);
          low.set(target, counter++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, next: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(target) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = component.length === 1 && (graph.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfLoop) found.push(component.sort());
    }
  }
  return found;
}

/**
 * Which top-level folder of the app a file is in, which feature (when under the features folder),
 * and which area of the ordered folder (its folder, or file right under it named up to the first dot).
 */
function placeOf(layers: AppLayers, file: string) {
  const parts = path.relative(path.resolve(layers.root), file).split(path.sep);
  const top = parts.length > 1 ? (parts[0] ?? '') : '';
  return {
    top,
    feature: top === layers.features && parts.length > 2 ? parts[1] : undefined,
    area: top === layers.ordered?.folder ? parts[1]?.split('.')[0] : undefined,
  };
}

/** The tier of each area of the ordered folder, from 0 at the ground. */
function tiersOf(layers: AppLayers): Map<string, number> {
  return new Map(layers.ordered?.tiers.flatMap((areas, tier) => areas.map((area) => [area, tier] as const)));
}

/** Every import of the app that breaks its layers, and every cycle. */
export function checkLayers(layers: AppLayers): Violation[] {
  const graph = importGraph(layers.root);
  const shown = (file: string) => path.relative(process.cwd(), file);
  const violations: Violation[] = [];
  const tiers = tiersOf(layers);
  const unplaced = new Set<string>();
  for (const [file, targets] of graph) {
    const from = placeOf(layers, file);
    if (from.area !== undefined && !tiers.has(from.area)) unplaced.add(from.area);
    for (const target of targets) {
      const to = placeOf(layers, target);
      const edge = `${shown(file)} imports ${shown(target)}`;
      if (from.feature && to.feature && from.feature !== to.feature) {
        violations.push({
          rule: 'feature',
          message: `${edge}: features never import each other; move what both need to a shared layer, or combine them where the app is put together.`,
        });
      } else if (layers.shared.includes(from.top) && to.feature) {
        violations.push({
          rule: 'shared',
          message: `${edge}: ${from.top}/ imports no feature; a feature imports it, not the other way round.`,
        });
      }
      const fromTier = tiers.get(from.area ?? '');
      const toTier = tiers.get(to.area ?? '');
      if (from.area !== to.area && fromTier !== undefined && toTier !== undefined && toTier >= fromTier) {
        violations.push({
          rule: 'order',
          message: `${edge}: ${layers.ordered?.folder}/${from.area} imports only what stands below it, and ${to.area} does not; pass the value in, or move the shared piece down.`,
        });
      }
      for (const [forbiddenFrom, forbiddenTo] of layers.forbidden) {
        if (from.top === forbiddenFrom && to.top === forbiddenTo) {
          violations.push({
            rule: 'forbidden',
            message: `${edge}: ${forbiddenFrom}/ does not import ${forbiddenTo}/.`,
          });
        }
      }
    }
  }
  for (const area of unplaced) {
    violations.push({
      rule: 'order',
      message: `${layers.ordered?.folder}/${area} has no tier: place it in the order (scripts/app-layers.ts).`,
    });
  }
  for (const cycle of cycles(graph)) {
    violations.push({
      rule: 'cycle',
      message: `These files import each other in a loop: ${cycle.map(shown).join(', ')}. Move what they share to a module both import.`,
    });
  }
  return violations;
}
