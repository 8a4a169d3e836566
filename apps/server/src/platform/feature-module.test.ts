import { describe, expect, it } from 'vitest';
import type { SignableDocumentSource } from './documents/signable-source.ts';
import { buildFeatures, type Feature, type FeatureDeps, joint } from './feature-module.ts';

// The features below read nothing of their deps: only how the list is joined is under test.
const deps = {} as FeatureDeps;
const source = (kind: SignableDocumentSource['kind'], name: string) =>
  ({ kind, name }) as unknown as SignableDocumentSource;

describe('buildFeatures', () => {
  it('hands a feature the lists offered before it, a test kind replacing one of the same kind last', () => {
    let seen: string[] = [];
    const documents: Feature = {
      name: 'documents',
      build: () => ({ offers: { signableSources: [source('swms', 'built-in'), source('certificate', 'built-in')] } }),
    };
    const signing: Feature = {
      name: 'signing',
      build: (_deps, _settings, joints) => {
        seen = joints.signableSources.map(
          (offered) => `${offered.kind}:${(offered as unknown as { name: string }).name}`,
        );
        return {};
      },
    };
    buildFeatures([documents, signing], deps, {}, [source('swms', 'test')]);
    expect(seen).toEqual(['swms:built-in', 'certificate:built-in', 'swms:test']);
  });

  it('looks a function joint up when it is called, so its offerer may come later in the list', async () => {
    let renewing: ((userId: string) => Promise<boolean>) | undefined;
    const auth: Feature = {
      name: 'auth',
      build: (_deps, _settings, joints) => {
        renewing = (userId) => joint(joints, 'hasRenewingSubscription', 'auth')(userId);
        return {};
      },
    };
    const billing: Feature = {
      name: 'billing',
      build: () => ({ offers: { hasRenewingSubscription: async (userId) => userId === 'subscriber' } }),
    };
    buildFeatures([auth, billing], deps, {});
    expect(await renewing?.('subscriber')).toBe(true);
    expect(await renewing?.('someone else')).toBe(false);
  });

  it("gathers every feature's declared file references before any is built", () => {
    const references = { columns: ['profiles.logo_file_id'] } as unknown as NonNullable<
      Feature['fileReferences']
    >[number];
    let counted = -1;
    const files: Feature = {
      name: 'files',
      build: (_deps, _settings, joints) => {
        counted = joints.fileReferences.length;
        return {};
      },
    };
    buildFeatures([files, { name: 'profile', fileReferences: [references], build: () => ({}) }], deps, {});
    expect(counted).toBe(1);
  });

  it('stops the start when a list is offered after a feature read it while being built', () => {
    let kindsSeen = -1;
    const signing: Feature = {
      name: 'signing',
      build: (_deps, _settings, joints) => {
        kindsSeen = joints.signableSources.length;
        return {};
      },
    };
    const documents: Feature = {
      name: 'documents',
      build: () => ({ offers: { signableSources: [source('swms', 'built-in')] } }),
    };
    expect(() => buildFeatures([signing, documents], deps, {})).toThrow(
      'signing read signableSources before documents offered it: list documents first',
    );
    expect(kindsSeen).toBe(0);
  });

  it('names the joint and who needs it when no feature offers it', () => {
    const { joints } = buildFeatures([], deps, {});
    expect(() => joint(joints, 'authenticateApiToken', 'the auth hooks')).toThrow(
      'the auth hooks needs authenticateApiToken, which no feature built so far offers',
    );
  });
});
