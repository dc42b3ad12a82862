declare module 'swagger-ui-dist' {
  /** The folder holding swagger-ui's built assets. */
  export function getAbsoluteFSPath(): string;
}
