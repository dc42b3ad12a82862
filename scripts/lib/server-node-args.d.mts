/** The flags between `node` and the bundle in package.json's `serve` script. */
export function serverNodeArgs(): string[];
