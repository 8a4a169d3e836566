import { describe, expect, it } from 'vitest';
import { PHOTO_STILL_UPLOADING, PHOTO_UPLOAD_FAILED, photoUploadProblem } from './upload-problem.ts';

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
});
