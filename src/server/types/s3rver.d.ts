declare module 's3rver' {
  import type { AddressInfo } from 'node:net';

  /** The parts of s3rver 3.7 the tests use: an in-process S3-compatible server over a folder. */
  export interface S3rverOptions {
    address?: string;
    port?: number;
    directory: string;
    silent?: boolean;
    resetOnClose?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  }

  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
