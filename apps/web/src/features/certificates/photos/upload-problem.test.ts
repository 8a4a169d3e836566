import { describe, expect, it } from 'vitest';
import {
  KEPT_PHOTO_ON_EDIT,
  PHOTO_STILL_UPLOADING,
  PHOTO_UPLOAD_FAILED,
  photoUploadProblem,
} from './upload-problem.ts';

describe('photoUploadProblem', () => {
  it('lets the form save once every chosen photo is on the server', () => {
    expect(photoUploadProblem([])).toBeUndefined();
  });

  it('holds the save while a photo waits, shrinks or uploads', () => {
    for (const stage of ['waiting', 'preparing', 'uploading'] as const) {
      expect(photoUploadProblem([{ stage }])).toBe(PHOTO_STILL_UPLOADING);
    }
  });

  it('asks for a retry or a removal when an upload failed, even while another still uploads', () => {
    expect(photoUploadProblem([{ stage: 'uploading' }, { stage: 'failed' }])).toBe(PHOTO_UPLOAD_FAILED);
  });

  it('holds an edit that has a photo kept on the phone: only a new certificate can take one for now', () => {
    expect(photoUploadProblem([], true)).toBe(KEPT_PHOTO_ON_EDIT);
    expect(photoUploadProblem([], false)).toBeUndefined();
  });
});
