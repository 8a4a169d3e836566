import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { hmacToken, sameToken } from '../crypto/tokens.ts';
import { type ImagePurpose, processImage } from '../images/image-processing.ts';
import type { FileReferenceSource } from './file-references.ts';
import type { FileStorage } from './file-storage.ts';
import { filesRepo } from './files.repo.ts';
import { files } from './files.schema.ts';

export type StoredFile = typeof files.$inferSelect;
export type FileVariant = 'original' | 'thumbnail' | 'print';

const URL_LIFETIME_SECONDS = 3600;

/** Every copy of every image a user uploaded is stored under this prefix. */
export const userFilesPrefix = (userId: string) => `users/${userId}`;

/**
 * Uploaded images: rows in `files`, bytes in FileStorage. Every read is by owner, except through a
 * signed URL, which the API hands only to someone allowed to see the file (so <img> tags work
 * without an Authorization header).
 */
export class StoredFiles {
  constructor(
    private readonly db: Database,
    private readonly storage: FileStorage,
    /** Kept in memory after the first load (see `storedSecret`): a signed URL costs no query. */
    private readonly loadSigningSecret: () => Promise<string>,
    /** Every feature's references to files (src/file-references.ts): what must not be deleted. */
    private readonly references: readonly FileReferenceSource[],
  ) {}

  async saveImage(userId: string, purpose: ImagePurpose, input: Buffer): Promise<StoredFile> {
    const image = await processImage(input, purpose);
    const id = crypto.randomUUID();
    const extension = image.contentType === 'image/png' ? 'png' : 'jpg';
    const folder = userFilesPrefix(userId);
    const storageKey = `${folder}/${id}.${extension}`;
    const thumbnailKey = `${folder}/${id}-thumb.webp`;
    const printKey = `${folder}/${id}-print.${image.printType === 'image/png' ? 'png' : 'jpg'}`;
    try {
      await this.storage.put(storageKey, image.data);
      await this.storage.put(thumbnailKey, image.thumbnail);
      await this.storage.put(printKey, image.print);
      const [row] = await this.db
        .insert(files)
        .values({
          id,
          userId,
          purpose,
          contentType: image.contentType,
          byteSize: image.data.length,
          width: image.width,
          height: image.height,
          storageKey,
          thumbnailKey,
          printKey,
        })
        .returning();
      if (!row) throw new Error('file insert returned nothing');
      return row;
    } catch (error) {
      // Whatever was written before the failure (e.g. a full disk on the second copy) goes too.
      await removeStoredBytes(this.storage, { storageKey, thumbnailKey, printKey });
      throw error;
    }
  }

  async findOwned(userId: string, fileId: string): Promise<StoredFile | undefined> {
    const [row] = await this.db
      .select()
      .from(files)
      .where(and(eq(files.id, fileId), eq(files.userId, userId)));
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

  async removeOwned(userId: string, fileId: string): Promise<void> {
    const [row] = await this.db
      .delete(files)
      .where(and(eq(files.id, fileId), eq(files.userId, userId)))
      .returning();
    if (row) await removeStoredBytes(this.storage, row);
  }

  /**
   * Deletes the user's file unless some record still names it (e.g. a logo frozen on an issued
   * certificate when the profile's logo is replaced), asking every feature's references.
   */
  async removeOwnedUnlessReferenced(userId: string, fileId: string): Promise<void> {
    const keys = await filesRepo.deleteOwnedUnlessReferenced(this.db, this.references, userId, fileId);
    if (keys) await removeStoredBytes(this.storage, keys);
  }

  /**
   * A URL anyone can load until it expires; the expiry is rounded so URLs stay cacheable. Records
   * keep file ids; answers carry these URLs. No file (null), no URL.
   */
  signedUrl(fileId: string, variant?: FileVariant): Promise<string>;
  signedUrl(fileId: string | null, variant?: FileVariant): Promise<string | null>;
  async signedUrl(fileId: string | null, variant: FileVariant = 'original'): Promise<string | null> {
    if (fileId === null) return null;
    const expires = (Math.floor(Date.now() / 1000 / URL_LIFETIME_SECONDS) + 2) * URL_LIFETIME_SECONDS;
    const signature = await this.sign(fileId, variant, expires);
    const suffix = variant === 'thumbnail' ? '/thumbnail' : '';
    return `/api/files/${fileId}${suffix}?expires=${expires}&signature=${signature}`;
  }

  async signatureIsValid(fileId: string, variant: FileVariant, expires: number, signature: string): Promise<boolean> {
    if (!Number.isFinite(expires) || expires * 1000 < Date.now()) return false;
    return sameToken(await this.sign(fileId, variant, expires), signature);
  }

  private async sign(fileId: string, variant: FileVariant, expires: number): Promise<string> {
    return hmacToken(await this.loadSigningSecret(), `${fileId}:${variant}:${expires}`);
  }
}

/** Deletes every stored copy of a file (original, thumbnail, print). */
export async function removeStoredBytes(
  storage: FileStorage,
  file: Pick<StoredFile, 'storageKey' | 'thumbnailKey' | 'printKey'>,
): Promise<void> {
  const keys = [file.storageKey, file.thumbnailKey, file.printKey].filter((key) => key !== null);
  await Promise.all(keys.map((key) => storage.remove(key)));
}
