import {
  type AuthUser,
  authEndpoints,
  type Certificate,
  type CertificateListResponse,
  certificateEndpoints,
  type Profile,
  profileEndpoints,
  type UploadedPhoto,
} from '@app/contract';
import { describe, expect, expectTypeOf, it } from 'vitest';

// Types only: the module itself needs a browser (the session store reads localStorage).
type Client = typeof import('./api-client.ts') & typeof import('./api-upload.ts');

/** Never run: the compiler checks each call against its declaration (npm run typecheck). */
function typedCalls({ call, callUpload, callFile }: Client) {
  expectTypeOf(call(certificateEndpoints.get, { params: { id: 'c1' } })).resolves.toEqualTypeOf<Certificate>();
  expectTypeOf(
    call(certificateEndpoints.list, { query: { status: 'draft' } }),
  ).resolves.toEqualTypeOf<CertificateListResponse>();
  expectTypeOf(call(authEndpoints.getUser)).resolves.toEqualTypeOf<AuthUser>();
  expectTypeOf(
    callUpload(profileEndpoints.replaceImage, { params: { kind: 'logo' }, file: new Blob() }),
  ).resolves.toEqualTypeOf<Profile>();
  expectTypeOf(
    callUpload(certificateEndpoints.uploadPhoto, { file: new Blob() }),
  ).resolves.toEqualTypeOf<UploadedPhoto>();
  expectTypeOf(callFile(certificateEndpoints.pdf, { params: { id: 'c1' } })).resolves.toEqualTypeOf<{
    blob: Blob;
    filename: string | null;
  }>();

  // @ts-expect-error the path's id is required
  void call(certificateEndpoints.get);
  // @ts-expect-error a body the schema does not take
  void call(certificateEndpoints.update, { params: { id: 'c1' }, body: { areas: 42 } });
  // @ts-expect-error the status filter is draft or completed
  void call(certificateEndpoints.list, { query: { status: 'deleted' } });
  // @ts-expect-error an upload goes through callUpload
  void call(certificateEndpoints.uploadPhoto, {});
}

describe('the typed client', () => {
  it('is checked by the compiler against the contract declarations', () => {
    expect(typedCalls).toBeTypeOf('function');
  });
});
