import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, processShare } from './config.ts';

describe('TRUST_PROXY', () => {
  const trustProxyOf = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy by default, and exactly one hop for true', () => {
    expect(trustProxyOf(undefined)).toBe(false);
    expect(trustProxyOf('false')).toBe(false);
    expect(trustProxyOf('true')).toBe(1);
  });

  it('accepts a hop count and a list of proxy addresses or CIDR ranges', () => {
    expect(trustProxyOf('2')).toBe(2);
    expect(trustProxyOf('10.0.0.1, 10.1.0.0/16,::1')).toEqual(['10.0.0.1', '10.1.0.0/16', '::1']);
  });

  it('refuses anything else with a message naming the variable', () => {
    for (const value of ['yes', '10.0.0.1/33', 'proxy.example.com', '10.0.0.1,']) {
      expect(() => trustProxyOf(value)).toThrow(ConfigError);
      expect(() => trustProxyOf(value)).toThrow(/TRUST_PROXY/);
    }
  });
});

describe('ADMIN_EMAILS', () => {
  const adminEmailsOf = (value: string | undefined) => loadConfig({ ADMIN_EMAILS: value }).adminEmails;

  it('is empty by default, and a trimmed, lowercased list otherwise', () => {
    expect(adminEmailsOf(undefined)).toEqual([]);
    expect(adminEmailsOf(' Ops@Example.com ,, boss@example.com.au ')).toEqual([
      'ops@example.com',
      'boss@example.com.au',
    ]);
  });

  it('refuses an entry that is not an email address, naming the variable', () => {
    expect(() => adminEmailsOf('ops@example.com, nobody')).toThrow(/ADMIN_EMAILS.*nobody/);
  });
});

describe('Stripe', () => {
  const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
  const prices = { STRIPE_PRICE_MONTHLY: 'price_m', STRIPE_PRICE_YEARLY: 'price_y' };

  it('is off (test mode) without the keys', () => {
    expect(loadConfig({}).stripe).toBeUndefined();
  });

  it('is on with both keys and both prices, pointing the SDK elsewhere only when asked', () => {
    expect(loadConfig({ ...keys, ...prices })).toMatchObject({
      stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', prices: { monthly: 'price_m', yearly: 'price_y' } },
    });
    expect(loadConfig({ ...keys, ...prices }).stripe?.apiUrl).toBeUndefined();
    const local = loadConfig({ ...keys, ...prices, STRIPE_API_URL: 'http://127.0.0.1:12111' }).stripe?.apiUrl;
    expect(local?.port).toBe('12111');
  });

  it('refuses one key alone, keys without prices, and values of the wrong kind', () => {
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', ...prices })).toThrow(/set together/);
    expect(() => loadConfig(keys)).toThrow(/STRIPE_PRICE_MONTHLY/);
    expect(() => loadConfig({ ...keys, ...prices, STRIPE_WEBHOOK_SECRET: 'sk_oops' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });
});

describe('PDF_SEAL_P12 (ADR 0041)', () => {
  it('is unset by default: the seal made at first start', () => {
    expect(loadConfig({}).pdfSealP12).toBeUndefined();
  });

  it('refuses a passphrase without a file, and a file it cannot read, naming the variable', () => {
    expect(() => loadConfig({ PDF_SEAL_P12_PASSPHRASE: 'secret' })).toThrow(ConfigError);
    expect(() => loadConfig({ PDF_SEAL_P12_PASSPHRASE: 'secret' })).toThrow(/PDF_SEAL_P12_PASSPHRASE is set without/);
    expect(() => loadConfig({ PDF_SEAL_P12: '/nonexistent/tradecert-seal.p12' })).toThrow(/PDF_SEAL_P12: cannot read/);
  });
});

describe('FILE_STORAGE (ADR 0043)', () => {
  const minio = {
    FILE_STORAGE: 's3',
    S3_ENDPOINT: 'http://minio.internal:9000',
    S3_BUCKET: 'tradecert',
    S3_REGION: 'us-east-1',
  };
  const keys = { S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret1' };

  it('is the local disk by default', () => {
    expect(loadConfig({}).fileStorage).toEqual({ driver: 'disk' });
    expect(loadConfig({ FILE_STORAGE: 'disk' }).fileStorage).toEqual({ driver: 'disk' });
  });

  it('is a bucket with FILE_STORAGE=s3: path style with an endpoint unless told otherwise, virtual hosts on AWS', () => {
    expect(loadConfig({ ...minio, ...keys }).fileStorage).toEqual({
      driver: 's3',
      s3: {
        bucket: 'tradecert',
        region: 'us-east-1',
        endpoint: 'http://minio.internal:9000',
        forcePathStyle: true,
        credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret1' },
      },
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).fileStorage).toMatchObject({
      s3: { forcePathStyle: false, credentials: undefined },
    });
    expect(
      loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'tradecert', S3_REGION: 'ap-southeast-2' }).fileStorage,
    ).toMatchObject({ s3: { endpoint: undefined, forcePathStyle: false } });
  });

  it('refuses a missing bucket or region, one key alone, bad values and S3 settings left without FILE_STORAGE=s3', () => {
    expect(() => loadConfig({ FILE_STORAGE: 's3' })).toThrow(/FILE_STORAGE=s3 needs S3_BUCKET and S3_REGION/);
    expect(() => loadConfig({ ...minio, S3_REGION: undefined })).toThrow(/needs S3_REGION$/);
    expect(() => loadConfig({ ...minio, S3_ACCESS_KEY_ID: 'AKIA1' })).toThrow(/set together/);
    expect(() => loadConfig({ ...minio, S3_BUCKET: 'Not_A_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...minio, S3_ENDPOINT: 'minio:9000' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...minio, FILE_STORAGE: 'gcs' })).toThrow(/FILE_STORAGE/);
    expect(() => loadConfig({ S3_BUCKET: 'tradecert', S3_REGION: 'us-east-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'tradecert' })).toThrow(/S3_BUCKET set without FILE_STORAGE=s3/);
  });
});

describe('WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS', () => {
  const switchOf = (value: string | undefined) =>
    loadConfig({ WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: value }).webhooks.allowLoopbackForTests;

  it('is off unless set to 1 (tests only, ADR 0055)', () => {
    expect(switchOf(undefined)).toBe(false);
    expect(switchOf('0')).toBe(false);
    expect(switchOf('1')).toBe(true);
  });

  it('refuses anything else, naming the variable', () => {
    expect(() => switchOf('true')).toThrow(/WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS/);
  });
});

describe('BODY_STALL_SECONDS', () => {
  const bodyRulesOf = (value: string | undefined) => {
    const { bodyGraceMs, bodyStallMs } = loadConfig({ BODY_STALL_SECONDS: value }).slowClients;
    return { bodyGraceMs, bodyStallMs };
  };

  it('cuts a body stalled for 10 s by default, judged after a 5 s grace, or sooner when set shorter', () => {
    expect(bodyRulesOf(undefined)).toEqual({ bodyGraceMs: 5_000, bodyStallMs: 10_000 });
    expect(bodyRulesOf('2')).toEqual({ bodyGraceMs: 2_000, bodyStallMs: 2_000 });
  });

  it('refuses zero and fractions, naming the variable', () => {
    for (const value of ['0', '1.5', 'soon']) expect(() => bodyRulesOf(value)).toThrow(/BODY_STALL_SECONDS/);
  });
});

describe('SERVER_PROCESSES', () => {
  it('divides the connections, PDF threads and waiting limits among the processes, at least one each', () => {
    const config = loadConfig({ SERVER_PROCESSES: '3', DATABASE_POOL_SIZE: '16', PDF_RENDER_THREADS: '2' });
    const share = processShare(config);
    expect(config.httpProcesses).toBe(3);
    expect(share.databasePoolSize).toBe(5);
    expect(share.pdfRendering.threads).toBe(1);
    expect(share.pdfRendering.queue).toBe(7);
    expect(share.backPressure.maxDatabaseWaiting).toBe(Math.ceil((20 * 16) / 3));
  });

  it('leaves one process with the whole instance', () => {
    const config = loadConfig({ SERVER_PROCESSES: '1' });
    expect(processShare(config)).toBe(config);
  });

  it('refuses none or more than 16', () => {
    for (const value of ['0', '17', 'two'])
      expect(() => loadConfig({ SERVER_PROCESSES: value })).toThrow(/SERVER_PROCESSES/);
  });
});
