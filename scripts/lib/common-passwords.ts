// The common-password list for the Worker, made at build time from zxcvbn-ts's (a maintained
// package, MIT): only the entries a password of the allowed length can meet, front-coded
// (worker/services/staff/common-password-list.ts). The Worker imports `virtual:common-passwords`:
// in the production build that module is empty and the list is a static asset the Worker reads
// through its ASSETS binding when someone chooses a password (76 KB gzip out of the upload, and
// out of what the Worker compiles at every cold start); under `vite dev` and the worker tests the
// module holds the list itself.
import { dictionary } from '@zxcvbn-ts/language-common';
import type { Plugin } from 'vite';
import { COMMON_PASSWORDS_ASSET, packCommonPasswords } from '../../worker/services/staff/common-password-list.ts';

const MODULE_ID = 'virtual:common-passwords';
const RESOLVED_ID = `\0${MODULE_ID}`;

const packed = () => packCommonPasswords(dictionary['passwords-common'] as string[]);

/** `asAsset`: the production build's way (the list in the client's assets, the module empty). */
export function commonPasswordsModule(options: { asAsset: boolean }): Plugin {
  return {
    name: 'spa:common-passwords',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load: (id) =>
      id === RESOLVED_ID ? `export default ${options.asAsset ? 'null' : JSON.stringify(packed())};` : undefined,
    generateBundle() {
      if (options.asAsset && this.environment.name === 'client') {
        this.emitFile({ type: 'asset', fileName: COMMON_PASSWORDS_ASSET.slice(1), source: packed() });
      }
    },
  };
}
