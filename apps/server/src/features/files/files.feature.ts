import type { Feature, FeatureDeps, FeatureModule } from '../../platform/feature-module.ts';
import { defineJob } from '../../platform/jobs/job-queue.ts';
import type { FileReferenceSource } from '../../platform/storage/file-references.ts';
import {
  cleanUpOrphanUploads,
  ORPHAN_UPLOADS_CRON,
  ORPHAN_UPLOADS_QUEUE,
  orphanUploadsQueueSettings,
} from '../../platform/storage/orphan-uploads.ts';
import { filesRoutes } from './files.routes.ts';

/**
 * Stored images by id (signed URL or owner), and the hourly clean-up of uploads that none of the
 * features' declared file references names.
 */
export const filesFeature: Feature = {
  name: 'files',
  build: (deps, _settings, joints) => filesModule(deps, joints.fileReferences),
};

const filesModule = (deps: FeatureDeps, references: readonly FileReferenceSource[]): FeatureModule => ({
  routes: filesRoutes(deps.files),
  jobs: [
    defineJob({
      name: ORPHAN_UPLOADS_QUEUE,
      settings: orphanUploadsQueueSettings,
      cron: ORPHAN_UPLOADS_CRON,
      handler: async () => {
        const { deleted } = await cleanUpOrphanUploads(deps.db, deps.storage, references, deps.clock());
        if (deleted > 0) deps.logger.info({ deleted }, 'removed uploads nothing refers to');
      },
    }),
  ],
});
