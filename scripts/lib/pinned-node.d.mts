// Types of pinned-node.mjs (plain JavaScript, so that old Node versions can run it).
export declare const pinnedNode: { version: string; integrity: Record<string, string> };
export declare function pinnedNodeHome(tools: string): string;
export declare function integrityOf(file: string): string;
export declare function fetchPinnedNode(
  tools: string,
  npm: (args: string[]) => { status: number | null },
  platform?: string,
): string;
