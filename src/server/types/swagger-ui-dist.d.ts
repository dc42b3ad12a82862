declare module 'swagger-ui-dist' {
  /** The folder holding swagger-ui's built assets. */
  export function getAbsoluteFSPath(): string;
}

declare module 'swagger-ui-dist/absolute-path.js' {
  /** The folder holding swagger-ui's built assets. */
  export default function getAbsoluteFSPath(): string;
}
