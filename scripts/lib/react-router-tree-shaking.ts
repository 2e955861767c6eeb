import type { Plugin } from 'vite';

const reactRouterDist = /node_modules[\\/]react-router[\\/]dist[\\/]/;
const displayNameLine = /^[A-Za-z0-9_$]+\.displayName = "[^"]*";$/gm;
const unmarkedComponent = /^var ([A-Za-z0-9_$]+) = (React\d*\.(?:createContext|forwardRef|memo)\()/gm;

/**
 * React Router ships its components in one module whose top level a bundler must keep whole:
 * each component and context gets `X.displayName = "…"`, and they are made by `React.forwardRef`,
 * `createContext` and `memo` calls with no pure annotation. So every bundle that uses any of it
 * carried all of it (its framework's prefetching, forms, scroll restoration, error pages): about
 * 5 KB gzip of each visitor's first load. For the build, this drops those displayName lines (React
 * DevTools' labels) and marks those calls pure, so that what the site never uses is left out.
 * It fails the build when a React Router update stops matching, rather than growing silently.
 */
export function reactRouterTreeShaking(): Plugin {
  let rewritten = 0;
  let seen = false;
  return {
    name: 'spa:react-router-tree-shaking',
    apply: 'build',
    buildStart() {
      rewritten = 0;
      seen = false;
    },
    transform: {
      filter: { id: reactRouterDist },
      handler(code) {
        seen = true;
        const next = code
          .replace(displayNameLine, () => {
            rewritten++;
            return '';
          })
          .replace(unmarkedComponent, (_, name: string, call: string) => {
            rewritten++;
            return `var ${name} = /* @__PURE__ */ ${call}`;
          });
        return next === code ? null : { code: next, map: null };
      },
    },
    buildEnd() {
      if (seen && rewritten === 0) {
        this.error('React Router no longer matches reactRouterTreeShaking (scripts/lib): check its bundle anew.');
      }
    },
  };
}
