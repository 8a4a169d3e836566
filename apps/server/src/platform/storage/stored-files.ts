import { CLIENT_ID_TAKEN_MESSAGE, errorCodes } from '@app/contract';
import { and, eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client.ts';
import { files } from '../accounts/files.schema.ts';
import type { RecordOwner } from '../accounts/memberships.ts';
import { hmacToken, sameToken } from '../crypto/tokens.ts';
import { AppError } from '../errors.ts';
import { type ImagePurpose, processImage } from '../images/image-processing.ts';
import { retiredIdsRepo } from '../retired-ids/retired-ids.ts';
import type { FileReferenceSource } from './file-references.ts';
import type { FileStorage } from './file-storage.ts';
import { filesRepo } from './files.repo.ts';

export type StoredFile = typeof files.$inferSelect;
export type FileVariant = 'original' | 'thumbnail' | 'print';

const URL_LIFETIME_SECONDS = 3600;
/** Signed URLs kept per HTTP process (≈ 300 bytes each): a few hundred list pages' thumbnails. */
const SIGNED_URLS_KEPT = 10_000;

const idTaken = () => new AppError(409, errorCodes.conflict, CLIENT_ID_TAKEN_MESSAGE);
/** A client-made id names one upload: the same id for another kind of image is not a retry. */
const sameUpload = (file: StoredFile, purpose: ImagePurpose) => {
  if (file.purpose !== purpose) throw idTaken();
  return file;
};

/** Every copy of every image uploaded for a business is stored under this prefix (ADR 0077). */
export const businessFilesPrefix = (businessId: string) => `businesses/${businessId}`;

/**
 * Where images were stored before businesses owned records: its owner's files stay there (the key is
 * in `files.storage_key`) until the business is deleted.
 */
export const userFilesPrefix = (userId: string) => `users/${userId}`;

/**
 * Uploaded images: rows in `files`, bytes in FileStorage. Every read is by business, except through a
 * signed URL, which the API hands only to someone allowed to see the file (so <img> tags work
 * without an Authorization header).
 */
export class StoredFiles {
  /**
   * A URL is the same for a file and variant until the rounded expiry moves on, and list pages sign
   * the same thumbnails again and again: each is signed once per expiry (ADR 0107).
   */
  private readonly signedUrls = new LRUCache<string, string>({ max: SIGNED_URLS_KEPT });

  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    /** Kept in memory after the first load (see `storedSecret`): a signed URL costs no query. */
    private readonly loadSigningSecret: () => Promise<string>,
    /** Every feature's references to files (src/file-references.ts): what must not be deleted. */
    private readonly references: readonly FileReferenceSource[],
  ) {}

  /**
   * Stores an image for `owner.businessId`, uploaded by `owner.userId`, under `clientId` when the
   * client made its id (the offline outbox): if that id is already the business's file (a retry
   * whose first answer was lost), that file is the answer and nothing is stored twice; if it is
   * someone else's, 409. A photo deleted with its certificate
   * (a retired id, ADR 0032) is 410: deleted stays deleted.
   */
  async saveImage(owner: RecordOwner, purpose: ImagePurpose, input: Buffer, clientId?: string): Promise<StoredFile> {
    if (clientId) {
      const existing = await this.findOwned(owner.businessId, clientId);
      if (existing) return sameUpload(existing, purpose);
      await retiredIdsRepo.refuseIfRetired(this.db, owner.businessId, clientId);
    }
    const image = await processImage(input, purpose);
    // The bytes' names are always fresh, so a retry racing its first attempt never overwrites (or,
    // failing, deletes) the bytes the winner's row points at.
    const objectId = crypto.randomUUID();
    const id = clientId ?? objectId;
    const extension = image.contentType === 'image/png' ? 'png' : 'jpg';
    const folder = businessFilesPrefix(owner.businessId);
    const keys = {
      storageKey: `${folder}/${objectId}.${extension}`,
      thumbnailKey: `${folder}/${objectId}-thumb.webp`,
      printKey: `${folder}/${objectId}-print.${image.printType === 'image/png' ? 'png' : 'jpg'}`,
    };
    let row: StoredFile | undefined;
    try {
      await this.storage.put(keys.storageKey, image.data);
      await this.storage.put(keys.thumbnailKey, image.thumbnail);
      await this.storage.put(keys.printKey, image.print);
      [row] = await this.db
        .insert(files)
        .values({
          id,
          businessId: owner.businessId,
          userId: owner.userId,
          purpose,
          contentType: image.contentType,
          byteSize: image.data.length,
          width: image.width,
          height: image.height,
          ...keys,
        })
        .onConflictDoNothing({ target: files.id })
        .returning();
    } catch (error) {
      // Whatever was written before the failure (e.g. a full disk on the second copy) goes too.
      await removeStoredBytes(this.storage, keys);
      throw error;
    }
    if (row) return row;
    // A retry of the same upload got there first: its file is the answer, these bytes are spare.
    await removeStoredBytes(this.storage, keys);
    const winner = await this.findOwned(owner.businessId, id);
    if (!winner) throw idTaken();
    return sameUpload(winner, purpose);
  }

  async findOwned(businessId: string, fileId: string): Promise<StoredFile | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.businessId, businessId)));
    return row;
  }

  async findById(fileId: string): Promise<StoredFile | undefined> {
    const [row] = await this.db.select().from(files).where(eq(files.id, fileId));
    return row;
  }

  async readBytes(file: StoredFile, variant: FileVariant): Promise<{ data: Buffer; contentType: string } | null> {
    const key = { original: file.storageKey, thumbnail: file.thumbnailKey, print: file.printKey ?? file.storageKey }[
      variant
    ];
    const data = await this.storage.read(key);
    if (!data) return null;
    const contentType = {
      original: file.contentType,
      thumbnail: 'image/webp',
      print: file.printKey ? (file.printKey.endsWith('.png') ? 'image/png' : 'image/jpeg') : file.contentType,
    }[variant];
    return { data, contentType };
  }

  async removeOwned(businessId: string, fileId: string): Promise<void> {
    const [row] = await this.db
      .delete(files)
      .where(and(eq(files.id, fileId), eq(files.businessId, businessId)))
      .returning();
    if (row) await removeStoredBytes(this.storage, row);
  }

  /**
   * Deletes the business's file unless some record still names it (e.g. a logo frozen on an issued
   * certificate when the profile's logo is replaced), asking every feature's references.
   */
  async removeOwnedUnlessReferenced(businessId: string, fileId: string): Promise<void> {
    const keys = await filesRepo.deleteOwnedUnlessReferenced(this.db, this.references, businessId, fileId);
    if (keys) await removeStoredBytes(this.storage, keys);
  }

  /**
   * A URL anyone can load until it expires; the expiry is rounded so URLs stay cacheable. Records
   * keep file ids; answers carry these URLs. No file (null), no URL.
   */
  signedUrl(fileId: string, variant?: FileVariant): Promise<string>;
  signedUrl(fileId: string | null, variant?: FileVariant): Promise<string | null>;
  async signedUrl(fileId: string | null, variant: FileVariant = 'original'): Promise<string | null> {
    return (await this.urlSigner(variant))(fileId);
  }

  /**
   * Signs any number of URLs of one variant with the secret loaded once: a list page's thumbnails
   * cost no promise per row (ADR 0091).
   */
  async urlSigner(variant: FileVariant): Promise<(fileId: string | null) => string | null> {
    const secret = await this.loadSigningSecret();
    const expires = (Math.floor(Date.now() / 1000 / URL_LIFETIME_SECONDS) + 2) * URL_LIFETIME_SECONDS;
    const suffix = variant === 'thumbnail' ? '/thumbnail' : '';
    return (fileId) => {
      if (fileId === null) return null;
      const key = `${variant}:${fileId}:${expires}`;
      let url = this.signedUrls.get(key);
      if (url === undefined) {
        url = `/api/files/${fileId}${suffix}?expires=${expires}&signature=${fileSignature(secret, fileId, variant, expires)}`;
        this.signedUrls.set(key, url);
      }
      return url;
    };
  }

  async signatureIsValid(fileId: string, variant: FileVariant, expires: number, signature: string): Promise<boolean> {
    if (!Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
    return sameToken(await this.sign(fileId, variant, expires), signature);
  }

  private async sign(fileId: string, variant: FileVariant, expires: number): Promise<string> {
    return fileSignature(await this.loadSigningSecret(), fileId, variant, expires);
  }
}

const fileSignature = (secret: string, fileId: string, variant: FileVariant, expires: number) =>
  hmacToken(secret, `${fileId}:${variant}:${expires}`);

/** Deletes every stored copy of a file (original, thumbnail, print). */
export async function removeStoredBytes(
  storage: FileStorage,
  file: Pick<StoredFile, 'storageKey' | 'thumbnailKey' | 'printKey'>,
): Promise<void> {
  const keys = [file.storageKey, file.thumbnailKey, file.printKey].filter((key) => key !== null);
  await Promise.all(keys.map((key) => storage.remove(key)));
}
